/**
 * Test helper: an XMLHttpRequest that sends through the (mocked) global fetch, so `mockApi` routes and
 * records uploads too, and reports upload progress (half, then all) before the answer.
 */
export class FakeXhr {
  status = 0;
  responseText = '';
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  private responseHeaders = new Headers();
  private listeners: Record<string, ((event: unknown) => void)[]> = {};
  private uploadListeners: Record<string, ((event: unknown) => void)[]> = {};
  upload = {
    addEventListener: (type: string, fn: (event: unknown) => void) => {
      this.uploadListeners[type] = [...(this.uploadListeners[type] ?? []), fn];
    },
  };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, fn: (event: unknown) => void) {
    this.listeners[type] = [...(this.listeners[type] ?? []), fn];
  }
  getAllResponseHeaders() {
    return [...this.responseHeaders].map(([k, v]) => `${k}: ${v}`).join('\r\n');
  }
  abort() {
    for (const fn of this.listeners.abort ?? []) fn({});
  }
  send(body: unknown) {
    const file = body instanceof FormData ? (body.get('file') as File | null) : null;
    const total = file?.size ?? 1;
    void (async () => {
      for (const loaded of [Math.floor(total / 2), total]) {
        for (const fn of this.uploadListeners.progress ?? []) fn({ lengthComputable: true, loaded, total });
      }
      try {
        const response = await fetch(this.url, { method: this.method, headers: this.headers, body: body as BodyInit });
        this.status = response.status;
        this.responseHeaders = response.headers;
        this.responseText = await response.text();
        for (const fn of this.listeners.load ?? []) fn({});
      } catch {
        for (const fn of this.listeners.error ?? []) fn({});
      }
    })();
  }
}
