/// A `multipart/form-data` body as a browser sends a form with a file: its fields, then the
/// file as `file`.
public struct MultipartBody {
    public static let boundary = "----listor-test"
    public static let contentType = "multipart/form-data; boundary=\(boundary)"

    public let text: String

    public init(fields: [(String, String)], file: (name: String, text: String)) {
        var text = ""
        for (name, value) in fields {
            text += "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        text += "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(file.name)\"\r\nContent-Type: text/csv\r\n\r\n\(file.text)\r\n"
        self.text = text + "--\(Self.boundary)--\r\n"
    }
}
