import { vi } from 'vitest';
import type { ErrorBody, Image } from '@commons/shared';
import { makeImage } from './post-fixtures';

/**
 * A stand-in for the multipart endpoints (`POST /api/_uploads`, `POST /api/users/{u}/pro_pic`) at the
 * edge of the client. Uploads go through XMLHttpRequest (for their progress), which fetch stubs do not
 * reach: this replaces XMLHttpRequest with one that records each upload and answers as the test says,
 * at once or when the test releases it.
 */
export interface FakeUpload {
  method: string;
  url: string;
  headers: Headers;
  /** The multipart body as sent. */
  form: FormData;
  /** Its `image` part. */
  file: File;
  aborted: boolean;
  /** Reports that `fraction` (0 to 1) of the file was sent. */
  progress: (fraction: number) => void;
  /** Answers `status` with `body` as JSON (or, as a string, as is) and the given response headers. */
  respond: (status: number, body: unknown, headers?: Record<string, string>) => void;
  /** Answers with an Image (by default one made for this file). */
  succeed: (image?: Image) => void;
  /** Answers with an error body in the contract's shape. */
  fail: (status: number, code: string, message: string) => void;
  /** The request never reaches the server (the browser's `error` event). */
  networkError: () => void;
}

export interface FakeUploads {
  uploads: FakeUpload[];
}

type Answer = { image: Image } | { error: ErrorBody } | 'hold';

/**
 * `answer` decides each upload's fate from its file: an image, an error, or 'hold' (the test answers
 * later through `uploads[i]`). By default every upload succeeds with a fresh image.
 */
export function fakeUploads(answer: (file: File, index: number) => Answer = () => ({ image: makeImage() })) {
  const uploads: FakeUpload[] = [];

  class FakeXMLHttpRequest extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    private method = '';
    private url = '';
    private readonly requestHeaders = new Headers();
    private responseHeaders = new Headers();
    private record: FakeUpload | null = null;
    private settled = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.requestHeaders.set(name, value);
    }

    getResponseHeader(name: string): string | null {
      return this.responseHeaders.get(name);
    }

    abort() {
      if (this.settled) return;
      this.settled = true;
      if (this.record) this.record.aborted = true;
      this.dispatchEvent(new Event('abort'));
    }

    private finish(event: 'load' | 'error') {
      if (this.settled) return;
      this.settled = true;
      this.dispatchEvent(new Event(event));
    }

    send(body: FormData) {
      const file = body.get('image') as File;
      const current: FakeUpload = {
        method: this.method,
        url: this.url,
        headers: this.requestHeaders,
        form: body,
        file,
        aborted: false,
        progress: (fraction) => {
          const event = new Event('progress');
          Object.assign(event, { lengthComputable: true, loaded: fraction * file.size, total: file.size });
          this.upload.dispatchEvent(event);
        },
        respond: (status, responseBody, headers = {}) => {
          if (this.settled) return;
          this.status = status;
          this.responseText = typeof responseBody === 'string' ? responseBody : JSON.stringify(responseBody);
          this.responseHeaders = new Headers(headers);
          this.finish('load');
        },
        succeed: (image = makeImage()) => current.respond(200, image),
        fail: (status, code, message) => current.respond(status, { status, code, message }),
        networkError: () => this.finish('error'),
      };
      this.record = current;
      uploads.push(current);
      const decided = answer(file, uploads.length - 1);
      if (decided === 'hold') return;
      setTimeout(() => {
        if ('image' in decided) current.succeed(decided.image);
        else current.fail(decided.error.status, decided.error.code ?? '', decided.error.message);
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { uploads } satisfies FakeUploads;
}

/** An image file of `size` bytes (the content does not matter: the fake server does not read it). */
export function imageFile(name: string, size = 1000, type = 'image/png'): File {
  return new File([new Uint8Array(size)], name, { type });
}
