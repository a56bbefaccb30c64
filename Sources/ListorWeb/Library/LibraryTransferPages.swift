import Foundation
import Hummingbird
import Library
import ListorKit

/// Moving a library in and out from the pages, as Koha's and Libib's have it: the books, the
/// patrons and the loans exported as the CSV files `listor library export` writes, and imported
/// from them (a file sent is all that goes in, each row left out named by its line). The
/// librarian's alone on a server with an admin token.
struct LibraryTransferPages: Sendable {
    let library: any LibraryService
    let access: LibraryAccess
    let templates: Templates

    /// The largest file the import takes: the module's largest body, as a cover's upload.
    static let uploadLimit = LibraryWebModule.uploadLimit

    func addRoutes(to router: RouteTable) {
        router.get("/library/transfer", use: show)
        router.get("/library/export/:table", use: export)
        router.post("/library/import/:table", use: importFile)
    }

    @Sendable func show(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        if let signIn = access.signIn(session, for: .patrons, next: "/library/transfer") { return signIn }
        return session.page(try templates.html(LibraryTransferPage(csrf: session.token), as: .libraryTransfer))
    }

    @Sendable func export(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let name = try context.parameters.require("table")
        if let signIn = access.signIn(session, for: .patrons, next: "/library/export/\(name)") { return signIn }
        let text = switch try Self.table(name.hasSuffix(".csv") ? String(name.dropLast(4)) : name) {
        case .books: try await library.exportBooks()
        case .patrons: try await library.exportPatrons()
        case .loans: try await library.exportLoans()
        }
        return LibraryAPI.csv(text, name: name.hasSuffix(".csv") ? name : name + ".csv")
    }

    /// The file imported, and the page again with what it did: how many rows went in, those
    /// already there, and each left out by its line.
    @Sendable func importFile(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let table = try Self.table(try context.parameters.require("table"))
        let upload = try await PageUpload(request, session: session, limit: Self.uploadLimit)
        try access.requireLibrarian(session, for: table == .patrons ? .patrons : .catalogue)
        let text = try upload.text()
        let report = switch table {
        case .books: try await library.importBooks(text)
        case .patrons: try await library.importPatrons(text)
        case .loans: try await library.importLoans(text)
        }
        let page = LibraryTransferPage(csrf: session.token, report: report, file: upload.name)
        return session.page(try templates.html(page, as: .libraryTransfer, status: report.leftRowsOut ? .unprocessableContent : .ok))
    }

    static func table(_ name: String) throws -> LibraryCSV.Table {
        guard let table = LibraryCSV.Table(rawValue: name) else {
            throw WebError(.notFound, message: "The library exports and imports books, patrons and loans; \"\(name.prefix(40))\" is none of them.")
        }
        return table
    }
}
