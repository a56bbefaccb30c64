import Hummingbird
import Library

extension PageSession {
    /// The library's session: its cookies under `/library`, and the librarian's sign-in.
    init(_ request: Request, access: LibraryAccess) {
        self.init(request, formKey: access.formKey, cookiePath: "/library", gate: access.gate)
    }

    func checkedForm(_ request: Request, limit: Int) async throws -> LibraryPageForm {
        try await checkedForm(LibraryPageForm.self, from: request, limit: limit)
    }

    /// The add and edit form, sent plainly or as multipart with a cover picture (`cover`), once its
    /// CSRF token matches the cookie; what it asks of the cover: a new picture, none, or nil to
    /// leave it.
    func checkedBookForm(_ request: Request, limit: Int) async throws -> (form: LibraryPageForm, cover: CoverEdit?) {
        guard let boundary = MultipartForm.boundary(of: request.headers[.contentType]) else {
            let form = try await checkedForm(request, limit: limit)
            return (form, form.removeCover == nil ? nil : .remove)
        }
        let multipart = try MultipartForm(try await RequestBody.collect(request, limit: limit), boundary: boundary)
        let form = LibraryPageForm(multipart.fields)
        try requireToken(form.csrf)
        if let file = multipart.files["cover"] { return (form, .upload(file.bytes)) }
        return (form, form.removeCover == nil ? nil : .remove)
    }
}
