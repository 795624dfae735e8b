/**
 * A lean HTTP/1.1 keep-alive client for the load generator: one pre-built write per
 * request and a small response parser (status line, `content-length` or chunked body), in
 * the manner of wrk. The load generator shares the server's two cores, so every
 * microsecond it spends per request is taken from the server it measures: node:http's
 * client (request objects, header validation, stream events) cost 0.22–0.26 ms of CPU per
 * request under load, this one 0.10–0.11 ms in the same sitting (bench/README.md).
 * Only what the benchmark needs: GET and POST, no redirects, no compression, no pipelining.
 */
import net from "node:net";

export interface RawResponse {
  status: number;
  body: string;
  /** The `Server-Timing` header, when the answer had one. */
  serverTiming?: string;
}

interface Waiter {
  resolve(response: RawResponse): void;
  reject(error: Error): void;
}

const CRLF2 = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");

/** One keep-alive connection: requests go one at a time, each answered in order. */
class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private waiter: Waiter | null = null;
  private head: Head | null = null;
  private chunks: Buffer[] = [];
  closed = false;
  /** When the connection last went idle (performance.now()). */
  idleSince = 0;

  constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on("data", (data: Buffer) => this.receive(data));
    socket.on("error", (err) => this.fail(err));
    // The server ends idle keep-alive connections (Node's keepAliveTimeout): never reuse one
    // it has ended, or the next request's write fails.
    socket.on("end", () => {
      this.closed = true;
    });
    socket.on("close", () => this.fail(new Error("connection closed by the server")));
  }

  send(request: Buffer, waiter: Waiter): void {
    this.waiter = waiter;
    this.socket.write(request);
  }

  destroy(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private fail(err: Error): void {
    this.closed = true;
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.reject(err);
  }

  private receive(data: Buffer): void {
    this.buffer = this.buffer.length === 0 ? data : Buffer.concat([this.buffer, data]);
    try {
      this.parse();
    } catch (err) {
      this.socket.destroy();
      this.fail(err as Error);
    }
  }

  /** Consume as much of the buffer as forms the response; settle the waiter when it is whole. */
  private parse(): void {
    if (!this.head) {
      const end = this.buffer.indexOf(CRLF2);
      if (end < 0) return;
      this.head = parseHead(this.buffer.toString("latin1", 0, end));
      this.buffer = this.buffer.subarray(end + 4);
    }
    const head = this.head;
    if (!head.chunked) {
      const length = head.length ?? 0;
      if (this.buffer.length < length) return;
      this.chunks.push(this.buffer.subarray(0, length));
      this.buffer = this.buffer.subarray(length);
      return this.done();
    }
    for (;;) {
      const lineEnd = this.buffer.indexOf(CRLF);
      if (lineEnd < 0) return;
      const size = parseInt(this.buffer.toString("latin1", 0, lineEnd), 16);
      if (!Number.isFinite(size)) throw new Error("bad chunk size");
      if (size === 0) {
        // The last chunk, then optional trailers and a blank line.
        const end = this.buffer.indexOf(CRLF2, lineEnd);
        if (end < 0) return;
        this.buffer = this.buffer.subarray(end + 4);
        return this.done();
      }
      if (this.buffer.length < lineEnd + 2 + size + 2) return;
      this.chunks.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
      this.buffer = this.buffer.subarray(lineEnd + 2 + size + 2);
    }
  }

  private done(): void {
    const head = this.head!;
    const body = this.chunks.length === 1 ? this.chunks[0].toString("utf8") : Buffer.concat(this.chunks).toString("utf8");
    this.head = null;
    this.chunks = [];
    const waiter = this.waiter;
    this.waiter = null;
    if (head.close) this.destroy();
    waiter?.resolve(head.serverTiming === undefined ? { status: head.status, body } : { status: head.status, body, serverTiming: head.serverTiming });
  }
}

interface Head {
  status: number;
  length: number | null;
  chunked: boolean;
  close: boolean;
  serverTiming?: string;
}

function parseHead(text: string): Head {
  const lines = text.split("\r\n");
  const status = Number(lines[0].split(" ")[1]);
  if (!Number.isInteger(status)) throw new Error(`bad status line: ${lines[0]}`);
  let length: number | null = null;
  let chunked = false;
  let close = false;
  let serverTiming: string | undefined;
  for (let i = 1; i < lines.length; i++) {
    const colon = lines[i].indexOf(":");
    const name = lines[i].slice(0, colon).trim().toLowerCase();
    const value = lines[i].slice(colon + 1).trim();
    if (name === "content-length") length = Number(value);
    else if (name === "transfer-encoding") chunked = value.toLowerCase().includes("chunked");
    else if (name === "connection") close = value.toLowerCase() === "close";
    else if (name === "server-timing") serverTiming = value;
  }
  return { status, length, chunked, close, ...(serverTiming === undefined ? {} : { serverTiming }) };
}

/** Keep-alive connections to one server, at most `maxSockets` at once; requests queue for a free one. */
/**
 * A connection idle this long is not reused: the server ends idle keep-alive connections
 * after 5 s (Node's keepAliveTimeout), and a request sent as it does so is reset.
 */
const MAX_IDLE_MS = 4000;

export class RawHttpClient {
  private readonly idle: Connection[] = [];
  private readonly queue: { request: Buffer; waiter: Waiter }[] = [];
  private open = 0;
  private readonly host: string;
  private readonly port: number;

  private readonly extraHead: string;

  /** `headers` go with every request (say, `authorization`). */
  constructor(baseUrl: string, private readonly maxSockets = 256, headers: Record<string, string> = {}) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.extraHead = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("");
  }

  request(method: "GET" | "POST", path: string, payload?: string): Promise<RawResponse> {
    const head =
      `${method} ${path} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\n${this.extraHead}` +
      (payload === undefined ? "" : `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n`) +
      "\r\n";
    const request = Buffer.from(payload === undefined ? head : head + payload);
    return new Promise<RawResponse>((resolve, reject) => {
      this.queue.push({ request, waiter: { resolve, reject } });
      this.next();
    });
  }

  close(): void {
    for (const c of this.idle) c.destroy();
    this.idle.length = 0;
  }

  private take(): Connection | null {
    while (this.idle.length > 0) {
      const c = this.idle.pop()!;
      if (!c.closed && performance.now() - c.idleSince < MAX_IDLE_MS) return c;
      if (!c.closed) c.destroy();
      this.open--;
    }
    if (this.open >= this.maxSockets) return null;
    this.open++;
    return new Connection(net.connect(this.port, this.host));
  }

  private release(connection: Connection): void {
    if (connection.closed) this.open--;
    else {
      connection.idleSince = performance.now();
      this.idle.push(connection);
    }
    this.next();
  }

  /** Send the oldest queued request on a free connection. */
  private next(): void {
    if (this.queue.length === 0) return;
    const connection = this.take();
    if (!connection) return;
    const { request, waiter } = this.queue.shift()!;
    connection.send(request, {
      resolve: (r) => {
        this.release(connection);
        waiter.resolve(r);
      },
      reject: (err) => {
        this.open--;
        this.next();
        waiter.reject(err);
      },
    });
  }
}
