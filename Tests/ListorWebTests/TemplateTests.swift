import Mustache
import Testing
@testable import ListorWeb

@Suite struct TemplateTests {
    @Test func aMissingTemplateStopsStartUpNotARequest() throws {
        var library = MustacheLibrary()
        try library.register("{{title}}", named: "layout")
        #expect {
            try Templates(library: library)
        } throws: { error in
            (error as? TemplateError)?.description == "template home: no such template"
        }
    }

    @Test func theBuiltTemplatesAllLoad() async throws {
        _ = try await Templates.load(staticFiles: StaticFiles.bundled())
    }
}
