import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { webUrlProblem } from '../../../core/wire/web-url.js';

/**
 * Addresses a page on a web device never reaches unless the lab allows them by name: the
 * worker host itself (loopback, unspecified), link-local networks and the cloud metadata
 * services that hand out the host's credentials. A device is a sandbox the holder drives,
 * never a window onto the worker's host (DESIGN.md section 8).
 */
const HOST_ONLY = new BlockList();
HOST_ONLY.addSubnet('127.0.0.0', 8, 'ipv4');
HOST_ONLY.addSubnet('0.0.0.0', 8, 'ipv4');
HOST_ONLY.addSubnet('169.254.0.0', 16, 'ipv4');
HOST_ONLY.addSubnet('100.100.100.200', 32, 'ipv4');
HOST_ONLY.addSubnet('::1', 128, 'ipv6');
HOST_ONLY.addSubnet('::', 128, 'ipv6');
HOST_ONLY.addSubnet('fe80::', 10, 'ipv6');
HOST_ONLY.addSubnet('fd00:ec2::254', 128, 'ipv6');
const HOST_ONLY_NAMES = [/^localhost$/, /\.localhost$/, /^metadata$/, /^metadata\.google\.internal$/];

/** An IPv4 address inside an IPv6 one (`::ffff:7f00:1`, as URL parsing writes it), or the address itself. */
function unmapped(address: string): string {
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!match) return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  const hi = parseInt(match[1] as string, 16);
  const lo = parseInt(match[2] as string, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

function hostOnlyAddress(address: string): boolean {
  const plain = unmapped(address);
  const family = isIP(plain);
  return family !== 0 && HOST_ONLY.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** One SIMLAB_WEB_ALLOW entry: an origin (`https://app.example.com`, `http://127.0.0.1:3000`) or a host pattern (`*.example.com`, `*`). */
interface AllowRule {
  protocol?: string;
  host: RegExp;
  port?: string;
  /** `*` alone: any host, but not the worker's own addresses (those must be named). */
  anyHost: boolean;
}

function ruleOf(entry: string): AllowRule {
  const origin = /^(https?):\/\/(.+)$/.exec(entry);
  const hostPart = (origin ? origin[2] : entry) as string;
  const [, host = '', port] = /^(\[[^\]]+\]|[^:/]+)(?::(\d+|\*))?\/?$/.exec(hostPart) ?? [];
  if (host === '') throw new Error(`SIMLAB_WEB_ALLOW: "${entry}" is neither an origin (https://host[:port]) nor a host pattern (*.example.com)`);
  const pattern = host
    .toLowerCase()
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return {
    ...(origin ? { protocol: `${origin[1]}:` } : {}),
    host: new RegExp(`^${pattern}$`),
    ...(port !== undefined && port !== '*' ? { port } : {}),
    anyHost: host === '*',
  };
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/**
 * Which URLs a web device may load, for its own navigations and for every request its page
 * makes (see navigation-guard.ts). Only http(s); when SIMLAB_WEB_ALLOW lists origins or host
 * patterns, only those; the device's own start origin always; the worker host, link-local
 * and metadata addresses only when an entry names them.
 */
export class UrlPolicy {
  private readonly rules: AllowRule[];

  /**
   * @param allow SIMLAB_WEB_ALLOW entries; empty means any public or private-network host.
   * @param home the device's start URL: its origin is always allowed (the bundled demo app runs on loopback).
   */
  constructor(
    allow: readonly string[],
    private readonly home?: string,
  ) {
    this.rules = allow.map(ruleOf);
  }

  /** Why this URL may not be loaded, or undefined when it may. */
  async refusal(text: string): Promise<string | undefined> {
    const problem = webUrlProblem(text);
    if (problem !== undefined) return `the web device opens only ${problem.replace(/^an? /, '')}`;
    if (text === 'about:blank') return undefined;
    const url = new URL(text);
    if (this.home !== undefined && this.sameOrigin(url, this.home)) return undefined;
    const matching = this.rules.filter((r) => this.matches(r, url));
    if (this.rules.length > 0 && matching.length === 0) return `${url.host} is not in this lab's allowed web origins (SIMLAB_WEB_ALLOW)`;
    if (matching.some((r) => !r.anyHost)) return undefined;
    if (await this.reachesHost(url.hostname)) return `${url.host} is the worker's own host, a link-local or a metadata address; name it in SIMLAB_WEB_ALLOW to allow it`;
    return undefined;
  }

  private sameOrigin(url: URL, other: string): boolean {
    try {
      return new URL(other).origin === url.origin;
    } catch {
      return false;
    }
  }

  private matches(rule: AllowRule, url: URL): boolean {
    if (rule.protocol !== undefined && rule.protocol !== url.protocol) return false;
    if (rule.port !== undefined && rule.port !== defaultPort(url)) return false;
    return rule.host.test(url.hostname.toLowerCase());
  }

  /** By name, by literal address, or by what the name resolves to now. */
  private async reachesHost(hostname: string): Promise<boolean> {
    const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (HOST_ONLY_NAMES.some((re) => re.test(host))) return true;
    if (isIP(unmapped(host)) !== 0) return hostOnlyAddress(host);
    const addresses = await lookup(host, { all: true, verbatim: true }).catch(() => []);
    return addresses.some((a) => hostOnlyAddress(a.address));
  }
}

/** The lab's policy from SIMLAB_WEB_ALLOW (comma list of origins or host patterns). */
export function allowListFromEnv(env: NodeJS.ProcessEnv): string[] {
  const entries = (env.SIMLAB_WEB_ALLOW ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const entry of entries) ruleOf(entry);
  return entries;
}
