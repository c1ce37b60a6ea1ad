/** The kinds of people and companies a vessel can have (GET vessel/userTypes and GET admin/userTypes). */
export const USER_TYPES = [
  { code: 'owner', name: 'Owner', description: 'Owns the vessel and holds every permission' },
  { code: 'member', name: 'Member', description: 'An invited person (crew, family, captain) with the permissions the owner grants' },
  { code: 'company', name: 'Company', description: 'A dealer, contractor or manufacturer with technical access' },
] as const;
