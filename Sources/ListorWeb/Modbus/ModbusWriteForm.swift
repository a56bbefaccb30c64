/// What a variable's write form sends: the CSRF token, the value, and the admin token.
struct ModbusWriteForm: CSRFProtectedForm {
    var csrf: String?
    var value: String?
    var adminToken: String?

    enum CodingKeys: String, CodingKey {
        case csrf, value
        case adminToken = "admin_token"
    }
}
