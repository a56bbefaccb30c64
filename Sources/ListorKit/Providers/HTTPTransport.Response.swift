import Foundation

extension HTTPTransport {
    /// What a server answered: its status, every header line in order (names in lower case, so
    /// that what repeats, `Set-Cookie`, is all there), and the body.
    public struct Response: Sendable, Hashable {
        public var status: Int
        public var fields: [HTTPHeaderField]
        public var body: Data

        public init(status: Int, fields: [HTTPHeaderField] = [], body: Data) {
            self.status = status
            self.fields = fields
            self.body = body
        }

        /// The first value of the header `name`, in any case.
        public func value(of name: String) -> String? {
            let name = name.lowercased()
            return fields.first { $0.name == name }?.value
        }

        /// Every value of the header `name`, in order, in any case.
        public func values(of name: String) -> [String] {
            let name = name.lowercased()
            return fields.filter { $0.name == name }.map(\.value)
        }
    }
}
