import Hummingbird
import NIOCore
import ListorKit

/// A request's body, collected within a limit and decoded: JSON through the models'
/// `JSONValueDecodable` conformances, forms through Hummingbird's `URLEncodedFormDecoder`.
/// A body that does not fit is a 413; a field of the wrong kind is `FieldErrors` naming it.
enum RequestBody {
    /// The body's bytes; more than `limit` of them is a 413, a body that cannot be read (a
    /// malformed chunk) a 400.
    static func collect(_ request: Request, limit: Int) async throws -> ByteBuffer {
        // A body that says it is too large is refused before any of it is read.
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw BodyLimitMiddleware<WebRequestContext>.tooLarge(limit) }
        do { return try await request.body.collect(upTo: limit) } catch let error as HTTPError where error.status == .contentTooLarge {
            throw BodyLimitMiddleware<WebRequestContext>.tooLarge(limit)
        } catch is NIOTooManyBytesError {
            throw BodyLimitMiddleware<WebRequestContext>.tooLarge(limit)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw WebError(.badRequest, message: "The request body could not be read: \(error)", apiMessage: "the body could not be read: \(error)")
        }
    }

    /// `T` from a JSON object, or from a form: a body that says it is one, or says nothing and
    /// is no JSON object, as the original clients sent forms without a content type.
    static func decode<T: JSONValueDecodable>(_ type: T.Type, from request: Request, limit: Int) async throws -> T {
        let bytes = Array(try await collect(request, limit: limit).readableBytesView)
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        if contentType.hasPrefix("application/x-www-form-urlencoded") || (!contentType.contains("json") && bytes.first != UInt8(ascii: "{")) {
            return try form(type, String(decoding: bytes, as: UTF8.self))
        }
        let json: JSONValue
        do { json = bytes.isEmpty ? .object(JSONObject()) : try JSONParser.parse(bytes) } catch {
            throw WebError(.badRequest, message: "The body is not JSON: \(error)", apiMessage: "the body is not JSON: \(error)")
        }
        do { return try T(json: json, codingPath: []) } catch let error as DecodingError {
            throw fieldErrors(error)
        }
    }

    /// `T` from a form-encoded body.
    static func form<T: Decodable>(_ type: T.Type, from request: Request, limit: Int) async throws -> T {
        try form(type, String(buffer: try await collect(request, limit: limit)))
    }

    static func form<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        do {
            return try URLEncodedFormDecoder().decode(type, from: text)
        } catch let error as DecodingError {
            throw fieldErrors(error)
        } catch let error as URLEncodedFormError {
            let field = String(error.value.prefix(40))
            throw FieldErrors([error.code == .duplicateKeys ? FieldError(field: field, message: "is given more than once")
                                                            : FieldError(field: "body", message: "the form cannot be read at \"\(field)\"")])
        }
    }

    /// A decoding error as the field it names and what was wrong with it.
    static func fieldErrors(_ error: DecodingError) -> FieldErrors {
        let problem = Problem(decodingError: error)
        return FieldErrors([FieldError(field: problem.field ?? "body", message: problem.reason)])
    }
}
