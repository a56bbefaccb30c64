import Foundation
import Hummingbird

extension Response {
    static func html(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        html(ByteBuffer(bytes: bytes), status: status)
    }

    /// A page already in a buffer (a kept one): sent without a copy.
    static func html(_ page: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: page))
    }

    static func json(_ value: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: value)))
    }
}
