import "server-only";
import Busboy from "busboy";
import { AppError } from "@/lib/errors";
import { refuseEncodedBody } from "@/lib/http";

export type UploadedFile = { field: string; filename: string; data: Buffer };
export type MultipartForm = {
  /** Text fields: the first value of each name. */
  fields: Record<string, string>;
  files: UploadedFile[];
};

export type MultipartLimits = {
  /** The whole body. */
  maxBytes: number;
  maxFileBytes: number;
  maxFiles: number;
  /** Only file parts with these field names are kept; others are read past and dropped. */
  fileFields: readonly string[];
  maxFields?: number;
  maxFieldBytes?: number;
  /** The answers for each way a form can break the limits. */
  errors: {
    notMultipart: () => AppError;
    malformed: () => AppError;
    /** Text sent in a field that takes files. */
    textForFile: () => AppError;
    tooLarge: () => AppError;
    fileTooLarge: (filename: string) => AppError;
    tooManyFiles: () => AppError;
    /** More text fields than `maxFields`, or one longer than `maxFieldBytes`. */
    tooManyFields: () => AppError;
    fieldTooLarge: (name: string) => AppError;
  };
};

const FILENAME_MAX = 120;

/**
 * Reads a multipart/form-data body as it streams in, within byte, file and field limits, and stops
 * reading at the first limit broken: an endless or oversized body never sits in memory whole. A
 * declared Content-Length over the limit is refused before a byte is read, and a compressed body
 * (which Busboy would read as garbage) before it is parsed.
 */
export async function readMultipartForm(
  request: Request,
  {
    maxBytes,
    maxFileBytes,
    maxFiles,
    fileFields,
    maxFields = 50,
    maxFieldBytes = 64 * 1024,
    errors,
  }: MultipartLimits,
): Promise<MultipartForm> {
  refuseEncodedBody(request);
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw errors.notMultipart();
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw errors.tooLarge();
  if (!request.body) throw errors.malformed();

  let parser: Busboy.Busboy;
  try {
    parser = Busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        fileSize: maxFileBytes,
        files: maxFiles,
        fields: maxFields,
        fieldSize: maxFieldBytes,
        parts: maxFiles + maxFields,
      },
    });
  } catch {
    // A missing or malformed boundary.
    throw errors.malformed();
  }

  // No prototype: a field named "__proto__" or "constructor" is just a field.
  const form: MultipartForm = { fields: Object.create(null) as Record<string, string>, files: [] };
  const reader = request.body.getReader();
  let failure: AppError | null = null;
  const fail = (error: AppError) => {
    failure ??= error;
  };

  parser.on("field", (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated) fail(errors.fieldTooLarge(name));
    // A part without a name is a broken form, and text where a file belongs is no omission.
    else if (!name) fail(errors.malformed());
    else if (fileFields.includes(name)) fail(errors.textForFile());
    else if (!Object.hasOwn(form.fields, name)) form.fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    if (!name) fail(errors.malformed());
    if (!fileFields.includes(name)) {
      stream.on("error", () => {});
      stream.resume();
      return;
    }
    const filename = cleanFilename(info.filename);
    const chunks: Buffer[] = [];
    // Reported through the parser: a file cut short by a refused request is simply dropped.
    stream.on("error", () => {});
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("limit", () => fail(errors.fileTooLarge(filename)));
    stream.on("end", () => {
      const data = Buffer.concat(chunks);
      // A file input left empty still sends a part with no name and no bytes.
      if (data.byteLength > 0 || filename) form.files.push({ field: name, filename, data });
    });
  });
  parser.on("filesLimit", () => fail(errors.tooManyFiles()));
  parser.on("partsLimit", () => fail(errors.tooManyFields()));
  parser.on("fieldsLimit", () => fail(errors.tooManyFields()));

  // Busboy reports malformed input through "error"; either way it ends with "close" or "error".
  parser.on("error", () => fail(errors.malformed()));
  const settled = (events: string[]) =>
    new Promise<void>((resolve) => {
      const done = () => {
        for (const event of events) parser.off(event, done);
        resolve();
      };
      for (const event of events) parser.on(event, done);
    });

  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) fail(errors.tooLarge());
      if (failure) break;
      if (!parser.write(value)) await settled(["drain", "close", "error"]);
      if (failure) break;
    }
    if (!failure) {
      const closed = settled(["close", "error"]);
      parser.end();
      await closed;
    }
  } catch {
    // The client broke the connection or sent something the stream could not carry.
    fail(errors.malformed());
  } finally {
    if (failure) {
      await reader.cancel().catch(() => {});
      parser.destroy();
    }
  }
  if (failure) throw failure;
  return form;
}

/** The name the browser gave a file, kept only to name it in error messages. */
function cleanFilename(filename: string | undefined): string {
  const base = (filename ?? "").split(/[\\/]/).pop() ?? "";
  return base.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").slice(0, FILENAME_MAX);
}
