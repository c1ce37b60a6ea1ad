import Joi from 'joi';
import { ALARM_REPORT_MONTH_PATTERN } from '../../../../contracts/alarm-report.js';
import { defineRoute } from '../../../platform/routes.js';
import { ALERTS_VIEW, vesselOf } from '../../access/api.js';
import type { AlarmReports } from '../report.js';

/** GET vessel/{id}/alerts/report: a month's alarm report (alertManager VIEW). */
export const alarmReport = (reports: AlarmReports) =>
  defineRoute<{ Params: { id: number }; Query: { month?: string } }>({
    method: 'GET',
    path: '/api/vessel/{id}/alerts/report',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description:
        "A month's alarm report (`month` YYYY-MM in the owner's time zone; by default the last full month): alarms raised by priority, chattering and standing alarms, time to acknowledge, notifications sent per channel (alertManager VIEW)",
      validate: {
        params: Joi.object({ id: Joi.number().integer().required() }),
        query: Joi.object({ month: Joi.string().pattern(ALARM_REPORT_MONTH_PATTERN).messages({ 'string.pattern.base': 'month must be YYYY-MM' }) }),
      },
      plugins: { vessel: { needs: [ALERTS_VIEW] } },
      handler: (request) => reports.report(vesselOf(request).vesselId, request.query.month),
    },
  });
