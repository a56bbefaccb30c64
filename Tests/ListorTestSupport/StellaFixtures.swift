import ListorKit
import ListorWeb
import Stella

/// Stella's web module on the bundled catalogue, its pictures drawn here and kept in memory, as
/// the composition root builds it without options.
/// With `owner`, its back office runs on that store, behind `adminToken`; a catalogue imported
/// there has its picture addresses checked by `addresses`.
public func bundledStellaModule(catalogue: CatalogueClient = .bundled(.bundled), store: (any StellaStore)? = nil, allowance: OrderAllowance? = nil,
                                owner: (any StellaStore)? = nil, adminToken: String? = nil, addresses: AddressGuard = AddressGuard(resolver: .unimplemented),
                                sendsMail: Bool = false) -> StellaWebModule {
    StellaWebModule(catalogue: catalogue, pictures: ProductPictures(catalogue: catalogue, pipeline: ImagePipeline(fetch: ProductPictures.fetch(drawingFrom: catalogue, transport: nil))),
                    store: store, allowance: allowance, owner: owner, adminToken: adminToken, addresses: addresses, sendsMail: sendsMail)
}
