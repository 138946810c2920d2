import { AppError } from "@/lib/errors";
import { readBytes } from "@/lib/http/body";
import { withUser } from "@/lib/http/handler";
import { unproxied } from "@/lib/http/unproxied";
import { uploadCapability } from "@/lib/media/uploads/link";
import { assertUploadsAvailable, saveUpload } from "@/lib/media/uploads/service";
import { UPLOAD_MAX_BYTES } from "@/lib/schemas/uploads";

// Local images as inputs. The body is the file itself (any Content-Type: the bytes decide), with its name in
// X-File-Name (URI-encoded) for messages. proxy.ts does not run here (see lib/http/unproxied.ts).

/** Whether uploads can work here, and what to configure when not: the upload control asks before offering them. */
export const GET = unproxied(withUser({}, async () => Response.json(uploadCapability())));

const tooLarge = () =>
  new AppError("payload_too_large:upload", `The file is over ${UPLOAD_MAX_BYTES / 1024 / 1024} MB; Darkroom accepts images up to 20 MB.`);

function fileName(request: Request): string {
  try {
    return decodeURIComponent(request.headers.get("x-file-name") ?? "").replace(/[\u0000-\u001f\u007f]/g, "");
  } catch {
    return "";
  }
}

export const POST = unproxied(
  // The session and role first: only members may make the server read up to 20 MB.
  withUser({ role: "member" }, async ({ request, user }) => {
    assertUploadsAvailable();
    if (/^multipart\//i.test(request.headers.get("content-type") ?? "")) {
      throw new AppError("unsupported_media_type:upload", "Send the image file itself as the request body, not a multipart form.");
    }
    // Counted while it streams: reading stops at the limit, whatever Content-Length claimed.
    const bytes = await readBytes(request, UPLOAD_MAX_BYTES).catch((error: unknown) => {
      throw error instanceof AppError && error.status === 413 ? tooLarge() : error;
    });
    return Response.json(await saveUpload({ userId: user.id, bytes, name: fileName(request) }), { status: 201 });
  }),
);
