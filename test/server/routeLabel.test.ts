import { describe, expect, it } from 'vitest';
import { createRouteLabeler, UNMATCHED_ROUTE } from '../../src/server/routeLabel';

describe('createRouteLabeler', () => {
  const cases = [
    {
      name: 'a session route',
      prefix: '',
      method: 'POST',
      path: '/sessions/chat-1/tool-calls',
      label: '/sessions/:id/tool-calls',
    },
    {
      name: 'an approval answer',
      prefix: '',
      method: 'POST',
      path: '/sessions/a/approvals/ap-9',
      label: '/sessions/:id/approvals/:approvalId',
    },
    { name: 'a hook', prefix: '', method: 'POST', path: '/hooks/claude-code', label: '/hooks/:agent' },
    { name: 'an operations endpoint', prefix: '', method: 'GET', path: '/metrics', label: '/metrics' },
    { name: "the console's page", prefix: '', method: 'GET', path: '/', label: '/' },
    { name: 'a console file', prefix: '', method: 'GET', path: '/console/app.js', label: '/console/:file' },
    {
      name: 'a route under the prefix, labelled without it',
      prefix: '/slavik',
      method: 'GET',
      path: '/slavik/healthz',
      label: '/healthz',
    },
    { name: 'a route outside the prefix', prefix: '/slavik', method: 'GET', path: '/healthz', label: UNMATCHED_ROUTE },
    { name: 'an unknown path', prefix: '', method: 'GET', path: '/wp-admin/secret-token', label: UNMATCHED_ROUTE },
    {
      name: 'a known path with another method',
      prefix: '',
      method: 'DELETE',
      path: '/sessions/a',
      label: UNMATCHED_ROUTE,
    },
  ];

  it.each(cases)('labels $name', ({ prefix, method, path, label }) => {
    expect(createRouteLabeler(prefix)(method, path)).toBe(label);
  });
});
