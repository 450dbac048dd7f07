import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_TARGET_LABELS,
  auditActionLabel,
  auditTargetLabel,
} from '@chobo/core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The type of audit() already refuses an action without a label; this reads the server's sources to say the
 * same in a test (and the reverse: no label for an action nothing writes). Each `audit(…)` call's `action`
 * is read from the syntax tree: string literals, conditionals of them and template literals (whose `${…}`
 * parts stand for any word).
 */
const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(p);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [p] : [];
  });
}

interface Written {
  /** exact codes */
  literals: Set<string>;
  /** template literals as patterns */
  patterns: { text: string; re: RegExp }[];
  /** `action: <identifier>` (typed AuditAction where it comes from): file and text */
  passedOn: string[];
  /** every 'a.b'-shaped string literal of the sources (the values handed to those identifiers) */
  codeShaped: Set<string>;
  /** `targetType` literals and template patterns of the audit() calls */
  targets: { literals: Set<string>; patterns: string[] };
  calls: number;
}

function scan(): Written {
  const out: Written = {
    literals: new Set(),
    patterns: [],
    passedOn: [],
    codeShaped: new Set(),
    targets: { literals: new Set(), patterns: [] },
    calls: 0,
  };
  const collect = (e: ts.Expression, file: string): void => {
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) out.literals.add(e.text);
    else if (ts.isConditionalExpression(e)) {
      collect(e.whenTrue, file);
      collect(e.whenFalse, file);
    } else if (ts.isParenthesizedExpression(e)) collect(e.expression, file);
    else if (ts.isTemplateExpression(e)) {
      const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const re = esc(e.head.text) + e.templateSpans.map((s) => `[a-z_]+${esc(s.literal.text)}`).join('');
      out.patterns.push({ text: e.getText(), re: new RegExp(`^${re}$`) });
    } else out.passedOn.push(`${path.relative(SRC, file)}: ${e.getText()}`);
  };
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) && /^[a-z_]+\.[a-z_]+$/.test(node.text)) out.codeShaped.add(node.text);
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'audit') {
        const entry = node.arguments[1];
        if (entry && ts.isObjectLiteralExpression(entry)) {
          out.calls++;
          for (const p of entry.properties) {
            if (ts.isPropertyAssignment(p) && p.name.getText() === 'action') collect(p.initializer, file);
            if (ts.isShorthandPropertyAssignment(p) && p.name.text === 'action') collect(p.name, file);
            if (ts.isPropertyAssignment(p) && p.name.getText() === 'targetType') {
              const e = p.initializer;
              if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) out.targets.literals.add(e.text);
              else out.targets.patterns.push(e.getText());
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

describe('audit actions (packages/core/src/audit-actions.ts)', () => {
  const written = scan();
  const known = new Set<string>(AUDIT_ACTIONS);

  it('finds the audit() calls of the server', () => {
    expect(written.calls).toBeGreaterThan(90);
    expect(written.literals.size).toBeGreaterThan(80);
  });

  it('has a Japanese label for every action the server writes', () => {
    const missing = [...written.literals].filter((a) => !known.has(a));
    expect(missing).toEqual([]);
    for (const p of written.patterns)
      expect(
        AUDIT_ACTIONS.some((a) => p.re.test(a)),
        p.text,
      ).toBe(true);
    for (const a of AUDIT_ACTIONS) {
      expect(AUDIT_ACTION_LABELS[a], a).toMatch(/[ぁ-んァ-ヶ一-龠]/);
      expect(auditActionLabel(a)).toBe(AUDIT_ACTION_LABELS[a]);
    }
    // actions handed on as a variable (typed AuditAction by their function's parameter)
    expect(written.passedOn).toEqual([
      'modules/account-settings/account-actions.ts: action',
      'modules/consumption-tax/consumption-tax-actions.ts: action',
    ]);
  });

  it('labels no action that nothing writes, and no two actions alike', () => {
    const unused = AUDIT_ACTIONS.filter(
      (a) => !written.literals.has(a) && !written.patterns.some((p) => p.re.test(a)) && !written.codeShaped.has(a),
    );
    expect(unused).toEqual([]);
    const labels = Object.values(AUDIT_ACTION_LABELS);
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
  });

  it('has a Japanese label for every target type the server writes', () => {
    expect(written.targets.literals.size).toBeGreaterThan(20);
    const unlabelled = [...written.targets.literals].filter((t) => auditTargetLabel(t) === t);
    expect(unlabelled).toEqual([]);
    // the invitations' `${kind}_invitation`, as written in the source
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a template literal in the source
    expect(written.targets.patterns).toEqual(Array(4).fill('`${kind}_invitation`'));
    for (const kind of ['company', 'admin']) expect(AUDIT_TARGET_LABELS[`${kind}_invitation`]).toBeDefined();
  });

  it('shows a code it does not know as it is', () => {
    expect(auditActionLabel('legacy.removed')).toBe('legacy.removed');
    expect(auditActionLabel('toString')).toBe('toString');
  });
});
