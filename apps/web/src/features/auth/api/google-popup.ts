/** The message better-auth's popup completion page posts to its opener. */
const messageType = 'better-auth:oauth-popup';

export type GooglePopupError =
  | 'popup-blocked'
  | 'popup-closed'
  | 'popup-cancelled'
  | 'unauthorized-domain'
  | 'account-not-linked'
  | 'network'
  | 'failed';

export class GooglePopupFailure extends Error {
  constructor(
    readonly reason: GooglePopupError,
    readonly detail?: string,
  ) {
    super(detail ?? reason);
  }
}

/** Spec 9: the popup is 500x600, and a closed popup is only reported after 8 s (it may be closing on success). */
const popupFeatures = 'popup=yes,width=500,height=600';
const closedDetectionMs = 8000;
let cancelPrevious: ((error: GooglePopupFailure) => void) | undefined;

/**
 * Signs in with Google in a popup that returns to this window. Resolves once the popup reports a session (the
 * session cookie is then set); rejects with the spec's handled cases.
 */
export function signInWithGooglePopup(): Promise<void> {
  // A new request cancels the one still open (spec: cancelled popup request).
  cancelPrevious?.(new GooglePopupFailure('popup-cancelled'));
  const nonce = crypto.randomUUID();
  const url = `/api/auth/oauth-popup/start?${new URLSearchParams({
    provider: 'google',
    popupOrigin: window.location.origin,
    popupNonce: nonce,
    callbackURL: '/dashboard',
  })}`;
  const popup = window.open(url, 'fixpoint-google-sign-in', popupFeatures);
  if (!popup) return Promise.reject(new GooglePopupFailure('popup-blocked'));

  return new Promise<void>((resolve, reject) => {
    let closedSince: number | undefined;
    const finish = (error?: GooglePopupFailure) => {
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
      cancelPrevious = undefined;
      if (error) reject(error);
      else resolve();
    };
    cancelPrevious = (error) => {
      popup.close();
      finish(error);
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data as {
        type?: string;
        nonce?: string;
        token?: string;
        error?: { code: string; description?: string };
      };
      if (event.origin !== window.location.origin || data?.type !== messageType || data.nonce !== nonce) return;
      popup.close();
      if (data.token) return finish();
      const code = data.error?.code ?? '';
      if (code === 'access_denied') return finish(new GooglePopupFailure('popup-closed'));
      if (/unauthori[sz]ed_(domain|client)|invalid_origin|redirect_uri/i.test(code)) {
        return finish(new GooglePopupFailure('unauthorized-domain', data.error?.description));
      }
      // An account with this address exists but has not proven it: not linked (docs/decisions/0061).
      if (/account[_ ]not[_ ]linked/i.test(code)) return finish(new GooglePopupFailure('account-not-linked'));
      finish(new GooglePopupFailure('failed', data.error?.description ?? code));
    };
    window.addEventListener('message', onMessage);
    const poll = setInterval(() => {
      if (!popup.closed) return;
      closedSince ??= Date.now();
      if (Date.now() - closedSince >= closedDetectionMs) finish(new GooglePopupFailure('popup-closed'));
    }, 500);
  });
}
