// The upload key (imgs/<15 chars>.<ext>) at the end of an uploaded image's URL (baseUrl +
// key): the server is given the key, never a URL it would have to trust.
const KEY_AT_END = /imgs\/[A-Za-z0-9]{15}\.[A-Za-z0-9]{1,5}$/;

export function uploadKeyOf(url: string): string | null {
  return KEY_AT_END.exec(url)?.[0] ?? null;
}
