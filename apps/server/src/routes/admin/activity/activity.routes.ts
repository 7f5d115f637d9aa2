/**
 * /api/admin/activity: the audit trail of staff changes, read only. There is deliberately no route
 * that edits or deletes an entry (and the database refuses it too).
 */
import { AdminActivityListQuery, AdminActivityPage, AdminActivityPerson } from '@meatshop/shared/admin-activity';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { listActivity, listActivityPeople } from '../../../modules/audit/audit.service.ts';

export default async function activityRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['admin'];

  app.get('/activity', { schema: { tags, querystring: AdminActivityListQuery, response: { 200: AdminActivityPage } } }, (req) =>
    listActivity(db, req.query),
  );

  app.get('/activity/people', { schema: { tags, response: { 200: z.array(AdminActivityPerson) } } }, () => listActivityPeople(db));
}
