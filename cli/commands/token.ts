import { Command } from 'commander';
import { TOKEN_ROLES } from '../../core/wire/token-roles.js';
import type { TokenJson } from '../../core/wire/api-views.js';
import { labApi, withLabOptions, type LabOptions } from './context.js';
import { report, reportUsage } from './output.js';

type CreateOptions = LabOptions & { role: string; expiresIn?: string };

/** Token administration (admin tokens only): e.g. a worker token for `npm run worker` on another host. */
export function tokenCommand(): Command {
  const token = new Command('token').description('create, list and revoke API and worker tokens (admin)');
  token.addCommand(
    withLabOptions(new Command('create'))
      .description('create a token; it is shown once, only its hash is kept')
      .argument('<name>', 'who or what uses it')
      .requiredOption('--role <role>', `one of ${TOKEN_ROLES.join(', ')} (worker: for SIMLAB_WORKER_TOKEN)`)
      .option('--expires-in <hours>', 'lifetime in hours (default: no expiry)')
      .action(async (name: string, options: CreateOptions) => {
        if (!(TOKEN_ROLES as readonly string[]).includes(options.role)) return reportUsage('token.create', `--role is one of ${TOKEN_ROLES.join(', ')}, not "${options.role}"`, options);
        const body: { name: string; role: string; expiresInMs?: number } = { name, role: options.role };
        if (options.expiresIn !== undefined) {
          const hours = Number(options.expiresIn);
          if (!(hours > 0)) return reportUsage('token.create', `--expires-in wants hours, got "${options.expiresIn}"`, options);
          body.expiresInMs = Math.round(hours * 3_600_000);
        }
        report(await labApi(options).createToken(body), options, (t) => `${t.token}\n(${t.role} token "${t.name}", id ${t.id}; shown once)`);
      }),
  );
  token.addCommand(
    withLabOptions(new Command('list'))
      .description('every token: id, name, role, expiry, revocation')
      .action(async (options: LabOptions) => report(await labApi(options).tokens(), options, (d) => tokensTable(d.tokens))),
  );
  token.addCommand(
    withLabOptions(new Command('revoke'))
      .description('revoke a token by id (`simlab token list` shows ids)')
      .argument('<id>', 'token id')
      .action(async (id: string, options: LabOptions) => report(await labApi(options).revokeToken(id), options, (t) => `revoked ${t.id} (${t.name})`)),
  );
  return token;
}

function tokensTable(tokens: TokenJson[]): string {
  return tokens
    .map((t) => `${t.id}  ${t.role.padEnd(6)}  ${t.name}${t.revokedAt ? `  revoked ${t.revokedAt}` : t.expiresAt ? `  expires ${t.expiresAt}` : ''}`)
    .join('\n');
}
