export interface Note {
  id: string;
  messageText: string;
  createdAt: string;
  userId?: string | null;
  authorName?: string | null;
}
