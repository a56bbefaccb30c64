import Hummingbird
import Library
import ListorKit
import Stella
import TextBrowser
import Transistors

/// A request that failed, as the visitor sees it: a status, a title and a message, links that
/// may help, and for API clients the members their JSON answer carries beside `"error"`.
///
/// `init(_:path:)` is the one place where an error gets its status and its words: every module's
/// errors (the library's refusals, the catalogue's unknown things, a remote server's failures,
/// Hummingbird's own) come through it. `ErrorMiddleware` then answers with JSON on an API path
/// and with the error page elsewhere. Modules throw their core's errors, or a `WebError` for
/// what only the web knows (a form that expired, a path that names no book).
struct WebError: Error {
    struct Link: Encodable, Sendable {
        let label: String
        let href: String
    }

    var status: HTTPResponse.Status
    /// The page's heading: "No such book".
    var title: String
    /// The page's sentence: "The library has no book 12. It may have been deleted."
    var message: String
    /// What an API client is told instead, when it differs: "there is no book 12".
    var apiMessage: String?
    var suggestions: [Link] = []
    /// Members of the JSON answer beside `"error"`: the `fields` of a 400, the borrower of a 409.
    var details: [(String, JSONValue)] = []
    var headers: HTTPFields = [:]
    /// An error nobody planned for: logged in full, shown only as "something went wrong".
    var isUnexpected = false

    init(_ status: HTTPResponse.Status, title: String? = nil, message: String, apiMessage: String? = nil, suggestions: [Link] = []) {
        self.status = status
        self.title = title ?? status.reasonPhrase
        self.message = message
        self.apiMessage = apiMessage
        self.suggestions = suggestions
    }

    /// Seconds to wait before asking again while a database is away: a probe looks for its
    /// return every second.
    static let databaseRetry = "5"

    /// `error` as the visitor sees it, for a request to `path`.
    init(_ error: any Error, path: String) {
        switch error {
        case let error as WebError:
            self = error
        case let error as HTTPError:
            let message = error.body ?? (error.status == .notFound ? "There is no page at \(path.prefix(200))." : error.status.reasonPhrase)
            self.init(error.status, message: message)
            headers = error.headers
        case let errors as FieldErrors:
            self.init(.badRequest, message: errors.description)
            details = [("fields", .members(errors.errors.map { ($0.field, .string($0.message)) }))]
        case let error as LibraryError:
            self.init(library: error)
        case let error as LibraryStoreError:
            self.init(.serviceUnavailable, title: "The library is unavailable", message: "The library's database cannot be used right now; try again in a moment.",
                      apiMessage: "the library's database cannot be used right now")
            headers[.retryAfter] = Self.databaseRetry
            // A database away is logged once, by its client, when it goes and when it is back.
            isUnexpected = error.code == .failed
        case let error as CSVImportError:
            self.init(.unprocessableContent, message: error.message)
        case let error as CatalogueError:
            self.init(catalogue: error)
        case let error as OrderLimitError:
            self.init(.tooManyRequests, message: error.description)
            headers[.retryAfter] = String(error.retryAfter)
        case let error as StellaStoreError:
            switch error {
            case .short(let shortages):
                self.init(.conflict, message: error.description)
                details = [("short", .array(shortages.map(OrderJSON.value)))]
            case .unknownOrder, .unknownSKU:
                self.init(.notFound, message: error.description)
            case .skuTaken, .orderClosed:
                self.init(.conflict, message: error.description)
            case .failed:
                self.init(.serviceUnavailable, title: "The store is unavailable", message: "The store's database cannot be used right now; try again in a moment.",
                          apiMessage: "the store's database cannot be used right now")
                headers[.retryAfter] = Self.databaseRetry
                isUnexpected = true
            }
        case let error as UnknownPartError:
            self.init(.notFound, title: "No such transistor",
                      message: "The catalog has no transistor \"\(error.partNumber.prefix(60))\"." + (error.suggestions.isEmpty ? "" : " Did you mean one of these?"),
                      apiMessage: error.description,
                      suggestions: error.suggestions.map { Link(label: $0, href: TransistorBrowserPage.detailPath($0, query: "")) })
        case let error as BrowserError:
            self.init(browser: error)
        case let error as HistoryError:
            self.init(.serviceUnavailable, title: "The history is unavailable", message: "The browser's history cannot be used right now: \(error).",
                      apiMessage: "\(error)")
            isUnexpected = true
        case let error as NetworkError:
            // A server this one depends on (a catalogue, an image origin) failed.
            let status: HTTPResponse.Status = if case .timedOut = error { .gatewayTimeout } else { .badGateway }
            self.init(status, message: error.description)
        default:
            self.init(.internalServerError, title: "Something went wrong", message: "The server could not answer this request. The details are in its log.",
                      apiMessage: "the server could not answer this request; the details are in its log")
            isUnexpected = true
        }
    }

    private init(library error: LibraryError) {
        switch error {
        case .notFound(let id):
            self.init(.notFound, title: "No such book", message: "The library has no book \(id). It may have been deleted.", apiMessage: error.description,
                      suggestions: [Link(label: "All books", href: "/library")])
        case .onLoan(_, let borrower, let since):
            self.init(.conflict, message: error.description)
            details = [("lastCheckedOutBy", .string(borrower)), ("lastCheckedOut", .string(LibraryDate.text(since)))]
        case .notOnLoan:
            self.init(.conflict, message: error.description)
        case .versionMismatch(_, let current):
            self.init(.preconditionFailed, message: error.description)
            details = [("version", .number(Double(current)))]
        case .patronChanged:
            self.init(.preconditionFailed, message: error.description)
            details = LibraryErrorJSON.members(error)
        case .patronNotFound, .cardNotFound, .holdNotFound:
            self.init(.notFound, message: error.description)
            details = LibraryErrorJSON.members(error)
        case .cardTaken, .loanLimit, .held, .renewalLimit, .renewalHeld, .alreadyHolds, .holdsOwnLoan, .patronBusy:
            self.init(.conflict, message: error.description)
            details = LibraryErrorJSON.members(error)
        }
    }

    /// A page the reader could not read: the visitor's address was at fault (400), or the
    /// server at the other end (502), or it took too long (504).
    private init(browser error: BrowserError) {
        let status: HTTPResponse.Status = switch error {
        case .invalidAddress, .notWebAddress, .addressTooLong, .unsupportedScheme, .network(.refused), .redirectToFile: .badRequest
        case .network(.timedOut): .gatewayTimeout
        default: .badGateway
        }
        self.init(status, title: "Cannot read the page", message: error.description)
    }

    private init(catalogue error: CatalogueError) {
        switch error {
        case .unknownDepartment(let id, let known):
            self.init(.notFound, title: "No such department", message: "Stella has no department \"\(id.prefix(40))\".", apiMessage: error.description,
                      suggestions: known.isEmpty ? [Link(label: "Departments", href: "/stella")] : known.map { Link(label: $0, href: "/stella/\($0)") })
        case .unknownProduct(let code):
            self.init(.notFound, title: "No such product", message: "Stella has no product \"\(code.prefix(40))\".", apiMessage: error.description,
                      suggestions: [Link(label: "Departments", href: "/stella")])
        case .unknownPicture:
            self.init(.notFound, message: error.description)
        case .filterNotOffered:
            self.init(.badRequest, message: error.description)
        }
    }

    /// The JSON answer: `{"error": …}` and the details.
    var json: JSONValue {
        .members([("error", .string(apiMessage ?? message))] + details)
    }
}
