import { withUser } from "@/lib/http/handler";
import { serveUploadInput } from "@/lib/tasks/upload-inputs";

// The thumbnail of an image uploaded as one of the task's inputs: what the task's lineage shows.
export const GET = withUser({}, async ({ params }) =>
  serveUploadInput({ taskId: String(params.taskId), uploadId: String(params.uploadId) }),
);
