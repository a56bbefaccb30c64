/// The CRC that ends every Modbus RTU frame: CRC-16/MODBUS (polynomial 0x8005 reflected as
/// 0xA001, initial value 0xFFFF), sent low byte first.
public enum CRC16 {
    private static let table: [UInt16] = (0..<256).map { byte in
        var crc = UInt16(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? crc >> 1 ^ 0xA001 : crc >> 1 }
        return crc
    }

    public static func modbus(_ bytes: some Sequence<UInt8>) -> UInt16 {
        var crc: UInt16 = 0xFFFF
        for byte in bytes { crc = crc >> 8 ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] }
        return crc
    }
}
