/// The departments, hard-coded as the seed's DepartmentDataProvider had them.
public enum Departments {
    public static let all: [Department] = [
        Department(id: "ready-to-wear", name: "Ready-to-wear"),
        Department(id: "accessories", name: "Accessories"),
        Department(id: "beauty", name: "Beauty"),
        Department(id: "lingerie", name: "Lingerie"),
    ]

    public static func department(id: String) -> Department? {
        all.first { $0.id == id }
    }
}
