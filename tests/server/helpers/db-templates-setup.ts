import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropPostgresTemplate, type TemplatePlace } from './db-templates';

/**
 * Vitest's global setup: gives the run a place for its migrated database templates (see
 * db-templates.ts) and removes them at the end. Nothing is migrated here: a run without
 * database tests (the client's, the machines') makes no template.
 */
export default function setup(project: TestProject) {
  const place: TemplatePlace = {
    dir: fs.mkdtempSync(path.join(os.tmpdir(), 'mw-test-templates-')),
    postgres: `mw_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`,
  };
  project.provide('databaseTemplates', place);
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl && fs.existsSync(path.join(place.dir, 'postgres.done'))) await dropPostgresTemplate(adminUrl, place);
    fs.rmSync(place.dir, { recursive: true, force: true });
  };
}
