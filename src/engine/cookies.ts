// Cookie names the browser and the service both read: the service sets them, the web app looks
// for them. Over https each carries the `__Host-` prefix (Secure, Path=/, no Domain).

/** The prefix of every credential cookie over https. */
export const HOST_PREFIX = '__Host-';

/**
 * A readable cookie the service sets and clears with the HttpOnly refresh cookie (same lifetime,
 * value "1", `__Host-` prefixed over https). It tells the page whether a silent login can succeed,
 * so a visitor who never logged in costs no refresh call (and no 401 in the console).
 */
export const REFRESH_HINT_COOKIE = 'zcp_rt_hint';

/** The script-readable CSRF token cookie; the page sends its value back as x-csrf-token. */
export const CSRF_COOKIE = 'zcp_csrf';
