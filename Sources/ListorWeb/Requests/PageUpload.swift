import Foundation
import Hummingbird
import ListorKit

/// A file staff send from a page (a catalogue, a stocktake, a library export), in a multipart form with the
/// CSRF token: chosen as the form's `file`, or sent back as the `csv` field of a preview's
/// confirmation, with the form's other fields.
struct PageUpload {
    private let form: MultipartForm
    /// The file's name, as the report names it.
    let name: String

    init(_ request: Request, session: PageSession, limit: Int) async throws {
        guard let boundary = MultipartForm.boundary(of: request.headers[.contentType]) else {
            throw WebError(.unsupportedMediaType, message: "A file comes in a form sent as multipart/form-data.")
        }
        form = try MultipartForm(try await RequestBody.collect(request, limit: limit), boundary: boundary)
        try session.requireToken(form.fields["csrf"])
        name = form.files["file"]?.filename ?? form.fields["name"] ?? "the file"
    }

    func field(_ name: String) -> String? {
        form.fields[name]
    }

    /// The file's text (UTF-8, or UTF-16 with its byte-order mark, as `TextFile` reads); a 422
    /// page saying why otherwise, or when no file was chosen.
    func text() throws -> String {
        if let file = form.files["file"] {
            do { return try TextFile.decode(Data(file.bytes), path: file.filename) } catch {
                throw WebError(.unprocessableContent, title: "Not a text file", message: "\(error)")
            }
        }
        guard let csv = form.fields["csv"], !csv.isEmpty else {
            throw WebError(.unprocessableContent, title: "No file", message: "Choose a CSV file to send, then try again.")
        }
        return csv
    }
}
