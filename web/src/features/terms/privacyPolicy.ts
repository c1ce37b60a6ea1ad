import type { LegalDocument } from './types';

/** Privacy policy of the LINK Services, with the figures of the legal specification (section 1.3). */
export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: '2019-05-15',
  preamble: [
    'This policy explains which personal data the provider of the LINK Services ("the provider") collects when you use the Vessel Link website, cloud platform, phone apps and bridge, why it does so, and what rights you have.',
  ],
  sections: [
    {
      number: '1',
      heading: 'Who is responsible',
      blocks: [
        'The provider is responsible for the personal data of the people who register for and use the LINK Services. Where the provider processes data on behalf of a business customer, for example a charter company that invites its crew, the data processing agreement applies and the business customer is responsible for that data.',
      ],
    },
    {
      number: '2',
      heading: 'The data we collect',
      blocks: [
        {
          list: [
            'Account data: your name, e-mail address, password (stored only as a hash), phone number, country, language, profile image and preferences such as units, theme and time zone.',
            'Vessel data: the vessels you own or are invited to, their devices, the values the bridge reports, alerts, routines, notes and documents.',
            'Location data: the positions of your vessel reported by the bridge, used for the map, the track and geofence alerts.',
            'Usage data: the time of sign-in, the actions you take on a vessel (kept in its audit log) and technical error reports, which you can add a comment to.',
            'Payment data: the details needed to charge subscriptions, see section 4.',
          ],
        },
      ],
    },
    {
      number: '3',
      heading: 'Why we use it',
      blocks: [
        'We use your data to provide the LINK Services you have asked for, to keep your vessel and your account secure, to send you the alerts and messages you have chosen to receive, to bill subscriptions and to fix faults. We do not sell your data and we do not use it for advertising.',
      ],
    },
    {
      number: '4',
      heading: 'Payments',
      blocks: [
        'Card payments are handled by a card payment provider. Your card details go directly to that provider; the provider of the LINK Services receives only a reference to the payment method, the last digits of the card and its expiry date.',
      ],
    },
    {
      number: '5',
      heading: 'Who we share it with',
      blocks: [
        'The people you invite to a vessel see the vessel data their permissions allow. Dealers, contractors and manufacturers see vessel data only when the owner grants their company access. We use hosting, e-mail and payment providers who process data for us under contract. We disclose data to authorities only where the law requires it.',
      ],
    },
    {
      number: '6',
      heading: 'What your browser keeps',
      blocks: [
        'The web app keeps two things in your browser\u2019s local storage: your session key, so that you stay signed in, and your choice of light or dark theme. Signing out removes the session key. We do not use tracking cookies.',
      ],
    },
    {
      number: '7',
      heading: 'How long we keep it',
      blocks: [
        'Account data is kept while your account exists. Vessel history is kept while the vessel holds a subscription and for a short time afterwards so that a renewed subscription can continue where it stopped. Error reports are kept for as long as they are needed to fix the fault.',
      ],
    },
    {
      number: '8',
      heading: 'Your rights',
      blocks: [
        'You may ask for a copy of your data, ask us to correct or complete it, object to its use, ask us to restrict its use and ask for it in a portable format.',
        'Requests to edit your data are answered by e-mail within 28 days.',
        'Requests to erase your data are answered within up to one month. You can also delete your profile yourself in the web app; for your protection this needs a confirmation code that we send by e-mail.',
        'You may complain to a data protection supervisory authority.',
      ],
    },
    {
      number: '9',
      heading: 'Security',
      blocks: [
        'Data travels encrypted between your device, the cloud and the bridge. Each bridge signs in with its own secret, sessions can be revoked, and every action on a vessel is recorded in its audit log.',
      ],
    },
    {
      number: '10',
      heading: 'Changes to this policy',
      blocks: ['We update this policy when our services or the law change. The date of the last update is shown at the top.'],
    },
  ],
};
