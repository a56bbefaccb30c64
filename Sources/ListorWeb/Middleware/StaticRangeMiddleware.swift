import Foundation
import HTTPTypes
import Hummingbird

/// Byte ranges of the static files as RFC 9110 reads them, in front of `FileMiddleware`, which
/// takes a suffix range (`bytes=-5`, the last five bytes) for the first bytes and answers a
/// range that starts past the end with 206 and nothing. Here a satisfiable range is handed on
/// as the explicit first and last byte it means; one that starts past the end is 416 with
/// `Content-Range: bytes */size`; anything else (several ranges, another unit, a malformed
/// one) is ignored, and the whole file is sent, as the RFC allows.
struct StaticRangeMiddleware<Context: RequestContext>: RouterMiddleware {
    let files: StaticFiles

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let text = request.headers[.range], let size = files.size(ofFileAt: request.uri.path) else { return try await next(request, context) }
        var head = request.head
        switch Self.range(text, size: size) {
        case .bytes(let first, let last)?:
            head.headerFields[.range] = "bytes=\(first)-\(last)"
        case .unsatisfiable?:
            return Response(status: .rangeNotSatisfiable, headers: [.contentRange: "bytes */\(size)", .contentLength: "0"])
        case nil:
            head.headerFields[.range] = nil
        }
        return try await next(Request(head: head, body: request.body), context)
    }

    enum Range: Equatable {
        case bytes(first: Int, last: Int)
        case unsatisfiable
    }

    /// What one `bytes=` range means for a file of `size` bytes; nil when it is to be ignored.
    static func range(_ text: String, size: Int) -> Range? {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("bytes="), !lowered.contains(",") else { return nil }
        let parts = lowered.dropFirst("bytes=".count).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let (start, end) = (parts[0].trimmingCharacters(in: .whitespaces), parts[1].trimmingCharacters(in: .whitespaces))
        guard start.allSatisfy(\.isASCIIDigit), end.allSatisfy(\.isASCIIDigit), !(start.isEmpty && end.isEmpty) else { return nil }
        if start.isEmpty {
            // The last `end` bytes.
            guard let count = Int(end) else { return nil }
            return count == 0 || size == 0 ? .unsatisfiable : .bytes(first: max(0, size - count), last: size - 1)
        }
        guard let first = Int(start) else { return .unsatisfiable }
        guard first < size else { return .unsatisfiable }
        guard !end.isEmpty else { return .bytes(first: first, last: size - 1) }
        guard let last = Int(end) ?? (end.isEmpty ? nil : Int.max), last >= first else { return nil }
        return .bytes(first: first, last: min(last, size - 1))
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
