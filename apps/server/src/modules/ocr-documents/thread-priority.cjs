// Lowers the CPU priority of the CALLING thread (Linux: setpriority on the thread's id), so OCR work in a
// worker thread yields to the API's event loop on a busy machine. Plain CommonJS: required by the tesseract
// worker wrapper (tesseract-worker.cjs) and the rasteriser's thread alike. Elsewhere (no /proc) it does nothing.
const { readlinkSync } = require('node:fs');
const os = require('node:os');

/** Niceness of the OCR threads (0–19; 19 is the lowest priority). CHOBO_OCR_THREAD_NICE overrides it. */
const OCR_THREAD_NICE = 10;

function lowerThisThreadPriority() {
  const raw = process.env.CHOBO_OCR_THREAD_NICE;
  const nice = raw === undefined || raw === '' ? OCR_THREAD_NICE : Number(raw);
  if (!Number.isInteger(nice) || nice <= 0) return null;
  try {
    // "/proc/thread-self" → "<pid>/task/<tid>"
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    os.setPriority(tid, Math.min(19, nice));
    return { tid, nice: os.getPriority(tid) };
  } catch {
    return null;
  }
}

module.exports = { lowerThisThreadPriority, OCR_THREAD_NICE };
