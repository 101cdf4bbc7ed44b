import type { Command } from 'commander';

/**
 * `--json` on every command. Commands with their own JSON output keep it; the others (ban, unban, set, resume…)
 * get the option here, and with it their text lines are gathered and printed as one JSON document,
 * `{"ok": true, "messages": […]}`, so a script parses every command's stdout the same way. Errors stay on stderr
 * with exit code 1.
 */
export const addJsonEverywhere = (program: Command): void => {
  const textOnly = new Set<Command>();
  const visit = (command: Command): void => {
    for (const sub of command.commands) {
      if (sub.commands.length > 0) visit(sub);
      else if (!sub.options.some((o) => o.long === '--json')) {
        sub.option('--json', 'machine-readable output: {"ok": true, "messages": [...]}', false);
        textOnly.add(sub);
      }
    }
  };
  visit(program);
  const gathered: string[] = [];
  const log = console.log;
  let capturing = false;
  program.hook('preAction', (_program, action) => {
    if (!textOnly.has(action) || !(action.opts() as { json?: boolean }).json) return;
    capturing = true;
    console.log = (...args: unknown[]) => void gathered.push(args.map(String).join(' '));
  });
  program.hook('postAction', () => {
    if (!capturing) return;
    console.log = log;
    capturing = false;
    log(JSON.stringify({ ok: true, messages: gathered.flatMap((m) => m.split('\n')) }, null, 2));
  });
};
