import Foundation
import ListorKit
import Stella

/// What `stella/checkout.mustache` shows: the bag's lines and total, and the name, email and
/// address, each with its problem beside it.
struct CheckoutPage: Encodable {
    struct Field: Encodable {
        let name: String
        let label: String
        let value: String
        let error: String?
        let autocomplete: String
        let isAddress: Bool
        let type: String
    }

    let shop: StellaHeader
    let csrf: String
    let bag: BagPage
    let fields: [Field]
    let hasErrors: Bool
    let errorList: [String]

    init(_ bag: ShoppingBag, shop: StellaHeader, csrf: String, form: StellaPageForm? = nil, errors: [FieldError] = [], problems: [String] = []) {
        self.shop = shop
        self.csrf = csrf
        self.bag = BagPage(bag, shop: shop, csrf: csrf)
        func field(_ name: String, _ label: String, _ value: String?, autocomplete: String, type: String = "text") -> Field {
            Field(name: name, label: label, value: value ?? "", error: errors.first { $0.field == name }?.message, autocomplete: autocomplete,
                  isAddress: name == "address", type: type)
        }
        fields = [
            field("name", "Name", form?.name, autocomplete: "name"),
            field("email", "Email", form?.email, autocomplete: "email", type: "email"),
            field("address", "Delivery address", form?.address, autocomplete: "street-address"),
        ]
        // Problems without a field of their own (the bag's) are listed at the top.
        errorList = problems + errors.filter { !["name", "email", "address"].contains($0.field) }.map(\.description)
        hasErrors = !errors.isEmpty || !problems.isEmpty
    }
}
