import ListorKit
import ListorWeb
import Stella

/// Stella's web module on the bundled catalogue, its pictures drawn here and kept in memory, as
/// the composition root builds it without options.
public func bundledStellaModule(catalogue: CatalogueClient = .bundled(.bundled), store: (any StellaStore)? = nil, allowance: OrderAllowance? = nil) -> StellaWebModule {
    StellaWebModule(catalogue: catalogue, pictures: ProductPictures(catalogue: catalogue, pipeline: ImagePipeline(fetch: ProductPictures.fetch(drawingFrom: catalogue, transport: nil))),
                    store: store, allowance: allowance)
}
