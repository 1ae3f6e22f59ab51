import { execFile } from 'node:child_process';
import path from 'node:path';

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  pointer?: string;
}

/** Redocly's `recommended` lint of an OpenAPI document (redocly-lint.mjs, in its own Node process). */
export function lintOpenApi(document: unknown): Promise<LintProblem[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [path.join(__dirname, 'redocly-lint.mjs')], (error, stdout, stderr) => {
      if (error) reject(new Error(`openapi-lint failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as LintProblem[]);
    });
    child.stdin!.end(JSON.stringify(document));
  });
}
