import ts from 'typescript';

/**
 * TypeScript's errors for `source`, compiled in memory (nothing written) as the file `entry`, which need not exist:
 * strict, ES2022 with the ES2023 and DOM libraries, and `options` for how it resolves modules and which types it
 * loads.
 */
export function typeErrorsOf(entry: string, source: string, options: ts.CompilerOptions): string[] {
  const compilerOptions: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    ...options,
  };
  const host = ts.createCompilerHost(compilerOptions);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (name) => name === entry || fileExists.call(host, name);
  host.readFile = (name) => (name === entry ? source : readFile.call(host, name));
  host.getSourceFile = (name, version) =>
    name === entry ? ts.createSourceFile(name, source, version) : getSourceFile.call(host, name, version);
  const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([entry], compilerOptions, host));
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}
