// tesseract.js's own node worker script, started at a lower CPU priority (see thread-priority.cjs): the
// TesseractEngine passes this file as `workerPath`.
require('./thread-priority.cjs').lowerThisThreadPriority();
require('tesseract.js/src/worker-script/node/index.js');
