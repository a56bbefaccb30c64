/// Where writes are kept: the plant's history (ModbusSQL), or a double in tests.
public protocol WriteAudit: Sendable {
    func record(_ write: WriteRecord) async throws

    /// The latest writes first, of `device` (every device's when nil), at most `limit`.
    func writes(device: String?, limit: Int) async throws -> [WriteRecord]
}
