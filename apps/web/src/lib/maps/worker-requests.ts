import { useEffect, useRef, useState } from 'react';
import type { Tagged } from './answer-requests';

/**
 * A worker's answer to the newest request: the component's one worker starts with its first request and ends with
 * the component; a request goes out whenever `key` changes (what it asks is what the key says), and an answer to an
 * older request that arrives late is dropped. The last answer stays, with its key, until the next one arrives.
 * Where there is no Worker (jsdom), or it fails to start, `fallback` computes the answer on the main thread; without
 * one there is no answer.
 */
export function useWorkerAnswer<Request, Answer>({
  key,
  request,
  startWorker,
  fallback,
}: {
  key: string;
  request: () => Request;
  startWorker: () => Worker;
  fallback?: () => Answer;
}): { key: string; answer: Answer } | null {
  const [result, setResult] = useState<{ key: string; answer: Answer } | null>(null);
  const workerRef = useRef<Worker | null>(null);
  const newestRef = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a request goes out when the key changes, and only then
  useEffect(() => {
    if (typeof Worker === 'undefined') {
      if (fallback) setResult({ key, answer: fallback() });
      return;
    }
    workerRef.current ??= startWorker();
    const worker = workerRef.current;
    const id = ++newestRef.current;
    const onReply = ({ data }: MessageEvent<Tagged<Answer>>) => {
      if (data.id === newestRef.current) setResult({ key, answer: data.value });
    };
    const onError = () => {
      if (fallback && id === newestRef.current) setResult({ key, answer: fallback() });
    };
    worker.addEventListener('message', onReply);
    worker.addEventListener('error', onError);
    worker.postMessage({ id, value: request() } satisfies Tagged<Request>);
    return () => {
      worker.removeEventListener('message', onReply);
      worker.removeEventListener('error', onError);
    };
  }, [key]);

  useEffect(
    () => () => {
      workerRef.current?.terminate();
      workerRef.current = null;
    },
    [],
  );

  return result;
}
