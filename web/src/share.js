// The page's whole state in the URL fragment, compressed: a link reproduces a
// test, and the fragment never reaches a server.

import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';

/** Fragments longer than this are not written (browsers cap URLs near 2 MB). */
export const MAX_FRAGMENT = 1_500_000;

const PROFILES = ['rfc9309', 'google', 'draft1996', 'original1994'];

function bytesToBase64(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function base64ToBytes(text) {
  const s = atob(text);
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

/** Files longer than this are not put in a link: compressing them would hold up the page. */
export const MAX_SHARED_FILE = 1_000_000;

/** `#s=…` for `state`, or null when it is too long for a link. */
export function encode(state) {
  const size = state.file.bytes ? state.file.bytes.length : state.file.text.length;
  if (size > MAX_SHARED_FILE) return null;
  const plain = {
    v: 1,
    p: state.profile,
    a: state.agent,
    x: state.exact ? 1 : 0,
    u: state.urls,
    d: state.diffOn ? 1 : 0,
    o: state.oldText,
    du: state.diffUrls,
  };
  if (state.file.bytes) plain.b = bytesToBase64(state.file.bytes);
  else plain.t = state.file.text;
  const fragment = '#s=' + compressToEncodedURIComponent(JSON.stringify(plain));
  return fragment.length > MAX_FRAGMENT ? null : fragment;
}

/** The state a fragment holds, or null when it holds none (or is damaged). */
export function decode(fragment) {
  if (!fragment.startsWith('#s=')) return null;
  let plain;
  try {
    plain = JSON.parse(decompressFromEncodedURIComponent(fragment.slice(3)) ?? '');
  } catch {
    return null;
  }
  if (!plain || typeof plain !== 'object') return null;
  const str = (v) => (typeof v === 'string' ? v : '');
  let file = { text: str(plain.t) };
  if (typeof plain.b === 'string') {
    try {
      file = { bytes: base64ToBytes(plain.b) };
    } catch {
      return null;
    }
  }
  return {
    file,
    profile: PROFILES.includes(plain.p) ? plain.p : 'rfc9309',
    agent: str(plain.a),
    exact: plain.x === 1,
    urls: str(plain.u),
    diffOn: plain.d === 1,
    oldText: str(plain.o),
    diffUrls: plain.du === 'list' ? 'list' : 'derived',
  };
}
