/// The reads that fetch every variable of a map with as few requests as the protocol allows:
/// variables whose registers touch or overlap share a read, up to the table's limit per read
/// (125 registers, 2000 bits). Gaps are never read across: a device may refuse addresses it
/// does not define.
public struct ReadPlan: Sendable, Hashable {
    public struct Read: Sendable, Hashable {
        public let table: RegisterTable
        public let address: UInt16
        public let count: Int
        /// Indexes into the map's variables.
        public let variables: [Int]

        public var request: ModbusRequest { table.read(address: address, count: count) }
    }

    public let reads: [Read]

    public init(_ map: RegisterMap) {
        var reads: [Read] = []
        for table in RegisterTable.allCases {
            let indexes = map.variables.indices
                .filter { map.variables[$0].table == table }
                .sorted { (map.variables[$0].address, $0) < (map.variables[$1].address, $1) }
            var start = 0, end = -1
            var members: [Int] = []
            func flush() {
                guard !members.isEmpty else { return }
                reads.append(Read(table: table, address: UInt16(start), count: end - start + 1, variables: members))
                members = []
            }
            for index in indexes {
                let addresses = map.variables[index].addresses
                if !members.isEmpty, addresses.lowerBound <= end + 1, max(end, addresses.upperBound) - start + 1 <= table.readMaximum {
                    end = max(end, addresses.upperBound)
                } else {
                    flush()
                    start = addresses.lowerBound
                    end = addresses.upperBound
                }
                members.append(index)
            }
            flush()
        }
        self.reads = reads
    }
}
