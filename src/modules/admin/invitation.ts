/** The admin console's invitation (and the CLI's): the person cannot tell which administrator sent it. */
import { translator, type Letter } from '../../platform/i18n.js';

export const adminInvitation: Letter = ({ language }) => {
  const t = translator(language, 'admin');
  return { subject: t('invitation.subject'), text: t('invitation.text') };
};
