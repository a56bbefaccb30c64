import Hummingbird

extension PageSession {
    /// The library's session: its cookies under `/library`, and the librarian's sign-in.
    init(_ request: Request, access: LibraryAccess) {
        self.init(request, formKey: access.formKey, cookiePath: "/library", librarianPurpose: access.librarianPurpose)
    }

    func checkedForm(_ request: Request, limit: Int) async throws -> LibraryPageForm {
        try await checkedForm(LibraryPageForm.self, from: request, limit: limit)
    }
}
