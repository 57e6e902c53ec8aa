// The worker's side of useWorkerAnswer (worker-requests.ts), apart from it so that no worker bundles React.

/** What the maps' workers are sent and answer: a request and its answer, tagged with the request's number. */
export interface Tagged<T> {
  id: number;
  value: T;
}

/** In a worker: answers each request with `answer`'s result, tagged as it came. */
export function answerRequests<Request, Answer>(answer: (request: Request) => Answer | Promise<Answer>) {
  const scope = globalThis as unknown as {
    onmessage: ((event: MessageEvent<Tagged<Request>>) => void) | null;
    postMessage(reply: Tagged<Answer>): void;
  };
  scope.onmessage = async ({ data }) => scope.postMessage({ id: data.id, value: await answer(data.value) });
}
