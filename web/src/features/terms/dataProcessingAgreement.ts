import type { LegalDocument } from './types';

/** Data processing agreement of the LINK Services, with the figures of the legal specification (section 1.2). */
export const dataProcessingAgreement: LegalDocument = {
  title: 'Data Processing Agreement',
  preamble: [
    'This agreement applies where the provider of the LINK Services ("the provider") processes personal data on behalf of a customer ("the controller") while providing the LINK Services. It forms part of the end user licence agreement.',
  ],
  sections: [
    {
      number: '1',
      heading: 'Rights and obligations',
      blocks: [],
      sections: [
        {
          number: '1.1',
          heading: 'The controller',
          blocks: [
            'The controller decides what personal data is processed in the LINK Services and for what purpose, and is responsible for the lawfulness of the processing, including informing the people concerned. The controller gives its instructions through the settings of the platform, in writing or by e-mail.',
          ],
        },
        {
          number: '1.2',
          heading: 'The provider',
          blocks: [
            'The provider processes the personal data only on the documented instructions of the controller, unless the law requires otherwise; in that case it tells the controller first unless the law forbids it.',
            'The provider:',
            {
              list: [
                'makes sure that the people who process the data are bound to confidentiality;',
                'takes the technical and organisational measures described in the appendix;',
                'helps the controller answer requests from the people concerned and meet its duties on security, breach notification and impact assessments;',
                'tells the controller without undue delay after becoming aware of a personal data breach;',
                'at the end of the service deletes or returns the personal data, at the controller\u2019s choice, unless the law requires it to be kept;',
                'makes available the information needed to show compliance and allows audits by the controller or an auditor it appoints, with reasonable notice.',
              ],
            },
            'Assistance that goes beyond what the LINK Services provide through their own functions is charged at GBP 100 an hour.',
          ],
        },
      ],
    },
    {
      number: '2',
      heading: 'Subprocessors',
      blocks: [
        'The controller gives its general permission for the provider to use subprocessors for hosting, e-mail delivery, mobile data and payment. The provider binds each subprocessor to the same data protection obligations as this agreement and remains responsible for them.',
        'The provider tells the controller in advance about any intended addition or replacement of a subprocessor, giving the controller the chance to object as described in section 3.',
      ],
    },
    {
      number: '3',
      heading: 'Changes',
      blocks: [
        'The provider gives notice of changes to this agreement, and of new subprocessors, at least 28 days before they take effect. The controller may object within 15 days of receiving the notice. Without a timely objection the change is treated as accepted. If the controller objects and the parties cannot agree, either of them may end the affected subscription on the date the change would take effect.',
      ],
    },
    {
      number: '4',
      heading: 'Liability',
      blocks: [
        'Each party is liable for damage caused by processing that breaches this agreement or the law, as set out in clause A.9 of the end user licence agreement. Where both parties are responsible for the same damage, each bears the share that corresponds to its part in causing it.',
      ],
    },
    {
      number: 'Appendix',
      heading: 'Data processing',
      blocks: [],
      sections: [
        {
          number: 'A.1',
          heading: 'Subject matter and duration',
          blocks: [
            'The provision of the LINK Services for the controller\u2019s vessels for as long as the subscription runs, and the deletion or return of the data afterwards.',
          ],
        },
        {
          number: 'A.2',
          heading: 'Nature and purpose',
          blocks: [
            'Collecting, storing and displaying vessel data, positions and device values; sending alerts, messages and commands; keeping audit logs; and supporting the controller\u2019s users.',
          ],
        },
        {
          number: 'A.3',
          heading: 'Types of personal data',
          blocks: [
            {
              list: [
                'contact and account data of users (name, e-mail address, phone number, language);',
                'positions and tracks of vessels;',
                'actions users take on a vessel and when they take them;',
                'the contents of messages, notes and documents users store.',
              ],
            },
          ],
        },
        {
          number: 'A.4',
          heading: 'People concerned',
          blocks: ['Vessel owners, crew, guests, staff of the controller, and dealers, contractors and manufacturers the controller works with.'],
        },
        {
          number: 'A.5',
          heading: 'Technical and organisational measures',
          blocks: [
            {
              list: [
                'encryption of data in transit between the phone apps, the web app, the cloud and the bridge;',
                'passwords and bridge secrets stored only as hashes;',
                'access limited by role and by the permissions the vessel owner grants, with paused users refused everything;',
                'audit logs of commands and permission changes;',
                'regular back-ups and tested restoration;',
                'separation of the data of different customers.',
              ],
            },
          ],
        },
      ],
    },
  ],
};
