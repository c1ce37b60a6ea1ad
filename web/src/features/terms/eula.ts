import type { LegalDocument } from './types';

/**
 * End user licence agreement for the LINK Services, written for Vessel Link. The figures follow
 * the legal specification (section 1.1 of the legal texts); the available text ends
 * inside section D, as the specification states.
 */
export const eula: LegalDocument = {
  title: 'End User Licence Agreement',
  preamble: [
    'This agreement is between the provider of the LINK Services ("the provider") and the person or organisation that orders, installs or uses them ("the customer"). The LINK Services are the bridge hardware installed on board, the Vessel Link cloud platform and the companion phone apps, together with any documentation and support that come with them.',
    'The agreement is made of four parts. Part A sets out the base terms that apply to every LINK Service. Part B adds the terms for software, Part C the terms for hardware and Part D the terms for individual products. Where a later part says something different from an earlier one, the later part wins for that product.',
  ],
  sections: [
    {
      number: 'A',
      heading: 'Base terms',
      blocks: [],
      sections: [
        {
          number: 'A.1',
          heading: 'Scope',
          blocks: [
            'These terms apply to every order for and every use of the LINK Services. Terms of business the customer uses elsewhere do not apply, even if the provider does not object to them.',
            'The LINK Services help people monitor and control the devices on board a vessel from a distance. They do not replace the watch, the seamanship or the safety equipment required on board, and they must not be relied upon as the only means of keeping a vessel, its crew or its guests safe.',
          ],
        },
        {
          number: 'A.2',
          heading: 'Quotations and conclusion of the contract',
          blocks: [
            'A quotation from the provider that is described as binding may be accepted within 21 days of its date, unless the quotation names another period. After that the provider may confirm or withdraw it.',
            'The contract is concluded when the provider confirms an order in writing or e-mail, or when the provider starts to deliver the ordered LINK Service, whichever happens first.',
          ],
        },
        {
          number: 'A.3',
          heading: 'Test period',
          blocks: [
            'Where the provider offers a test period for a subscription, it lasts 7 days from activation. During the test period the customer may end the subscription at any time without charge. If the customer does not end it, the paid subscription begins when the test period ends.',
          ],
        },
        {
          number: 'A.4',
          heading: 'Term, renewal and termination of subscriptions',
          blocks: [
            'A subscription runs for an initial term of 12 months from its start date.',
            'At the end of the initial term, and at the end of every renewal term, the subscription renews automatically for a further 12 months unless either party gives notice of non-renewal at least 28 days before the current term ends.',
            'Either party may end the contract at once for good cause, in particular where the other party materially breaches these terms and does not put the breach right within a reasonable period after being asked to do so.',
          ],
        },
        {
          number: 'A.5',
          heading: 'Changes to these terms',
          blocks: [
            'The provider may change these terms where the change is needed because the law, the technology or the services change, and the change does not upset the balance between what each party gives and receives.',
            'The provider gives the customer notice of a change at least 28 days before it takes effect. The customer may object within 15 days of receiving the notice. If the customer does not object in time, the change is treated as accepted; the notice will remind the customer of this. If the customer objects, either party may end the affected subscription on the date the change would have taken effect.',
          ],
        },
        {
          number: 'A.6',
          heading: 'Prices and payment',
          blocks: [
            'Prices are those in the provider\u2019s price list or quotation at the time of the order. Subscription fees are payable in advance for each subscription year unless agreed otherwise.',
            'The provider may change subscription prices with at least 28 days\u2019 notice. The customer may object within 14 days of receiving the notice, in which case the subscription ends at the end of the term that is running when the change would have taken effect.',
            'If the customer falls behind with a payment, the provider reminds the customer and gives a cure period of 15 days. If the amount is still unpaid at the end of the cure period, the provider may suspend the affected LINK Services until payment arrives. Suspension does not end the customer\u2019s obligation to pay.',
          ],
        },
        {
          number: 'A.7',
          heading: 'Assistance',
          blocks: [
            'Support that is included in a subscription is described in Part D. Assistance that the customer asks for beyond that, for example help after incorrect installation or with third-party equipment, is charged at GBP 100 an hour, in units of started quarter hours, plus travel costs where the provider attends the vessel.',
          ],
        },
        {
          number: 'A.8',
          heading: 'Defects',
          blocks: [
            'The provider puts right defects in the LINK Services it delivers, at its choice by repair, replacement or a workaround of equal value. If this fails, the customer may reduce the price or, for a significant defect, end the contract for the affected service.',
            'Claims for defects expire 12 months after delivery, or for subscriptions 12 months after the defect first appeared, except where the law requires a longer period or where the provider concealed the defect fraudulently.',
          ],
        },
        {
          number: 'A.9',
          heading: 'Liability',
          blocks: [
            'The provider is liable without limit for damage it causes intentionally or through gross negligence, for injury to life, body or health, under a guarantee it has given and where the law does not allow liability to be limited.',
            'For slight negligence the provider is liable only where it breaches an obligation that is essential to the contract, and only for damage that was typical and foreseeable when the contract was made. In each subscription year this liability is limited to the higher of 100% of the fees the customer paid for that subscription year or GBP 1,500.',
            'Cloud access that the provider gives free of charge serves only as a gateway to a vessel that holds a subscription. The provider accepts no liability for free cloud access, except where liability cannot be excluded by law.',
            'The provider is not liable for the loss of data that the customer could have avoided by keeping reasonable back-ups, nor for damage caused by devices, networks or services that the provider does not supply.',
          ],
        },
        {
          number: 'A.10',
          heading: 'Data protection and regulated data',
          blocks: [
            'Where the provider processes personal data for the customer, the data processing agreement in the DPA tab applies. How the provider handles the personal data of the people who use the LINK Services is explained in the privacy policy.',
            'The LINK Services are not designed to store or process protected health information. Customers who are covered entities or business associates under the US Health Insurance Portability and Accountability Act (HIPAA) must not use the LINK Services to create, receive, keep or send protected health information.',
          ],
        },
        {
          number: 'A.11',
          heading: 'Governing law and courts',
          blocks: [
            'This agreement and any dispute arising from it are governed by English law. The courts of England and Wales have jurisdiction, unless the law gives a consumer the right to bring proceedings where they live.',
            'If a clause of this agreement is or becomes invalid, the other clauses remain in force.',
          ],
        },
      ],
    },
    {
      number: 'B',
      heading: 'Software terms',
      blocks: [],
      sections: [
        {
          number: 'B.1',
          heading: 'Licence',
          blocks: [
            'For as long as the subscription runs, the provider grants the customer a non-exclusive, non-transferable right to use the software of the LINK Services (the cloud platform, the phone apps and the firmware of the bridge) for the vessels named in the subscription.',
            'Invited users of a vessel may use the software within the permissions the vessel owner gives them. The customer is responsible for the people it invites.',
          ],
        },
        {
          number: 'B.2',
          heading: 'Restrictions',
          blocks: [
            'The customer must not:',
            {
              list: [
                'copy, change, translate or decompile the software, except as far as the law expressly allows;',
                'remove copyright notices or other marks of origin;',
                'give third parties access to the software outside the invitations the platform provides;',
                'use the software to break the law, to overload the platform or to attack other systems.',
              ],
            },
          ],
        },
        {
          number: 'B.3',
          heading: 'Updates and support of software versions',
          blocks: [
            'The provider improves the software continuously and installs updates of the cloud platform without notice where they do not reduce its functions. The bridge firmware and the phone apps are updated through the platform and the app stores.',
            'When the provider withdraws a version of its software, it continues to support that version for 6 months after the withdrawal. After that the customer needs to install a current version to keep receiving support and security fixes.',
          ],
        },
        {
          number: 'B.4',
          heading: 'Free cloud access',
          blocks: [
            'Free cloud access serves only as a gateway to a vessel that holds a paid subscription. It comes without any agreed level of service and may be changed or ended by the provider at any time.',
          ],
        },
        {
          number: 'B.5',
          heading: 'Third-party and open source software',
          blocks: [
            'The software contains components of third parties, some under open source licences. Those licences take precedence for the components concerned; the provider makes their texts available on request.',
          ],
        },
      ],
    },
    {
      number: 'C',
      heading: 'Hardware terms',
      blocks: [],
      sections: [
        {
          number: 'C.1',
          heading: 'Delivery and ownership',
          blocks: [
            'Hardware is delivered to the address named in the order. The risk passes to the customer on delivery. The hardware remains the provider\u2019s property until it has been paid for in full.',
          ],
        },
        {
          number: 'C.2',
          heading: 'Installation and power supply',
          blocks: [
            'The bridge must be installed by a qualified marine electrician in line with the installation guide. It must be connected to the vessel\u2019s DC supply through a fuse rated at 3A, fitted as close to the supply as practical.',
            'The provider is not responsible for faults caused by incorrect installation, an unsuitable power supply, water ingress through unsealed cable glands, or changes made to the hardware by anyone other than the provider.',
          ],
        },
        {
          number: 'C.3',
          heading: 'Hardware defects',
          blocks: [
            'Hardware defects are handled under clause A.8. The customer sends defective hardware back in its original or equally protective packaging after agreeing the return with the provider.',
          ],
        },
        {
          number: 'C.4',
          heading: 'Safety',
          blocks: [
            'Switching devices on board from a distance can be dangerous to people on board or near the vessel. The customer must make sure that remote control is used only when it is safe, and that the people on board know that devices may be switched remotely.',
          ],
        },
      ],
    },
    {
      number: 'D',
      heading: 'Product terms',
      blocks: [],
      sections: [
        {
          number: 'D.1',
          heading: 'The bridge',
          blocks: [
            'The bridge connects the devices on board to the Vessel Link cloud. It needs a paid subscription, a hardware subscription or a mobile-data subscription, to send data to the cloud and receive commands from it. Without a subscription the bridge keeps working on board but the vessel is shown without active cloud services.',
            'Each bridge carries a pairing code. The owner pairs the bridge to a vessel in the web app; pairing a bridge to another vessel requires unlinking it first.',
          ],
        },
        {
          number: 'D.2',
          heading: 'The cloud',
          blocks: [
            'The cloud is offered as free access and as a paid subscription. Free access lets invited users reach a vessel that holds a subscription; it does not itself give access to live data, history, alerts or remote control.',
            'A paid subscription gives the functions listed in the product description for the subscribed vessel, including the history of values that the bridge sends for as long as the subscription runs.',
          ],
        },
        {
          number: 'D.3',
          heading: 'The phone apps',
          blocks: [
            'The phone apps for Android and iOS are obtained from the app stores. The terms of the relevant store apply in addition to this agreement for the download and the',
          ],
        },
      ],
    },
  ],
  endNotice: 'The available text of the product terms ends here, inside section D. The provider sends the complete agreement on request.',
};
