/** The company a corporate profile belongs to (GET /api/org/myOrganisation). */
export interface Organisation {
  id: number;
  name: string;
  kind?: 'dealer' | 'manufacturer' | 'contractor' | string;
  [field: string]: unknown;
}
