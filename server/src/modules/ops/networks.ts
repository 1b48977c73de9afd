// Where the operator credential alone is accepted. The credential is a long-lived bearer key
// (the CLI's); on its own it must not open the ops API from anywhere a leaked copy could be
// replayed. Outside these networks an operator signs in on the console: credential plus
// passkey, exchanged for a short console session (passkey-routes.ts). Addresses are matched
// with node's BlockList, so CIDR parsing is not ours to get wrong.
import { BlockList, isIP } from 'node:net';

/** KABUTO_OPS_CREDENTIAL_NETWORKS default: the server host itself, where `npm run ops` runs. */
export const DEFAULT_OPERATOR_CREDENTIAL_NETWORKS: readonly string[] = ['127.0.0.0/8', '::1/128'];

export type AddressMatcher = (address: string) => boolean;

/** A matcher for addresses and CIDR blocks ('10.0.0.0/8', '::1'); throws on anything else, at start-up. */
export function addressMatcher(entries: readonly string[]): AddressMatcher {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits, extra] = entry.trim().split('/');
    const family = isIP(address ?? '');
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    const max = family === 6 ? 128 : 32;
    if (!address || family === 0 || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > max) {
      throw new Error(`not an address or CIDR block: "${entry}"`);
    }
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return (raw) => {
    // A dual-stack listener reports IPv4 clients as IPv4-mapped IPv6 (::ffff:127.0.0.1).
    const address = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw)?.[1] ?? raw;
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
