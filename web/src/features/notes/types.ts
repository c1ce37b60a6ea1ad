export interface Note {
  id: number;
  messageText: string;
  createdAt: string;
  userId?: number | null;
  authorName?: string | null;
}
