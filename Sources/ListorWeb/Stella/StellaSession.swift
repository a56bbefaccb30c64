import Foundation
import HTTPTypes
import Hummingbird
import Stella

/// The shopper's side of a Stella request: the CSRF token of the page forms, and the bag, kept
/// in a cookie signed with the server's `FormKey` (a bag the server did not write is an empty bag).
struct StellaSession {
    static let bagCookie = "listor_bag"
    static let path = "/stella"
    let page: PageSession
    let bag: Bag
    private let formKey: FormKey

    init(_ request: Request, formKey: FormKey) {
        page = PageSession(request, formKey: formKey, cookiePath: Self.path)
        bag = formKey.value(of: request.cookies[Self.bagCookie]?.value, for: "bag").map(Bag.init(text:)) ?? Bag()
        self.formKey = formKey
    }

    /// What every Stella page's header shows.
    var header: StellaHeader { StellaHeader(bagCount: bag.count) }

    /// `response` as a page: never cached, with the CSRF cookie when made, and the bag's cookie
    /// when `bag` changed it (kept 30 days; an empty bag removes it).
    func respond(_ response: Response, bag changed: Bag? = nil) -> Response {
        var response = page.page(response)
        if let changed, changed != bag {
            response.setCookie(Cookie(name: Self.bagCookie, value: changed.isEmpty ? "" : formKey.signed(changed.text, for: "bag"),
                                      maxAge: changed.isEmpty ? 0 : 30 * 86_400, path: Self.path, sameSite: .lax))
        }
        return response
    }

    /// A redirect after a form, to `location`, with the bag's cookie when it changed.
    func redirect(to location: String, bag changed: Bag? = nil) -> Response {
        respond(Response(status: .seeOther, headers: [.location: location]), bag: changed)
    }
}

/// The header of every Stella page: the bag with its count.
struct StellaHeader: Encodable {
    let bagCount: Int
}
