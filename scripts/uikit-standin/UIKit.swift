// NOT THE iOS SDK. A stand-in module named UIKit, used by scripts/typecheck_uikit_shell.sh
// (run by scripts/test.sh) to typecheck the Apple-only shell (Sources/CyrillicIMEKeyboard/UIKit*.swift)
// on Linux, where there is no UIKit. It declares exactly the UIKit API the shell uses, with the
// signatures and the main-actor isolation Apple documents, and no behaviour: every body is a
// placeholder. A misspelled API, a wrong label or type, or a main-actor call from a nonisolated
// place fails the check here instead of in Xcode. It is never shipped or linked.
//
// Where each signature was checked: Apple's documentation page of each, all under
// https://developer.apple.com/documentation/uikit/ (QuartzCore's under …/quartzcore/). Pages
// marked ✓ were read for this file on 27 November 2026 (Apple's own pages, through the project's
// documentation search), declaration and isolation copied from them; the others are declared
// as those pages list them in the iOS 18 SDK, and were not re-read.
//   ✓ uiinputviewcontroller (@MainActor class), ✓ …/inputview, ✓ …/handleinputmodelist(from:with:),
//     …/textdocumentproxy, …/hasfullaccess, …/needsinputmodeswitchkey, …/textdidchange(_:),
//     …/selectiondidchange(_:)
//   ✓ uitextdocumentproxy (@MainActor protocol UITextDocumentProxy: UIKeyInput) and its members
//     documentcontextbeforeinput, documentcontextafterinput, documentidentifier,
//     adjusttextposition(bycharacteroffset:), setmarkedtext(_:selectedrange:), unmarktext()
//   uikeyinput (@MainActor protocol UIKeyInput: UITextInputTraits): hastext, inserttext(_:), deletebackward()
//   ✓ uitextinputtraits (@MainActor protocol; every property an `optional var`),
//     ✓ …/enablesreturnkeyautomatically, …/keyboardtype, …/returnkeytype, …/keyboardappearance,
//     …/issecuretextentry; ✓ uikeyboardtype (its cases), uireturnkeytype, uikeyboardappearance
//   ✓ uitextinput (@MainActor protocol UITextInput: UIKeyInput)
//   ✓ uiinputview (@MainActor class), …/init(frame:inputviewstyle:), uiinputview/style
//   ✓ uiinputviewaudiofeedback (@MainActor protocol), ✓ …/enableinputclickswhenvisible;
//     uidevice/current, ✓ uidevice/playinputclick()
//   ✓ uifeedbackgenerator (@MainActor class), …/prepare(); ✓ uiimpactfeedbackgenerator/init(style:),
//     ✓ …/init(style:view:) (iOS 17.5), …/impactoccurred(), uiimpactfeedbackgenerator/feedbackstyle
//   uiresponder/touchesbegan(_:with:) (and touchesMoved, touchesEnded, touchesCancelled); uitouch/location(in:); uievent
//   uiviewcontroller: view, viewdidload(), viewwillappear(_:), viewdidappear(_:),
//     viewwilldisappear(_:), viewdidlayoutsubviews()
//   uiview: init(frame:), init(coder:), addsubview(_:), subviews, removefromsuperview(), bounds,
//     safeareainsets, ishidden, alpha, backgroundcolor, layer, clipstobounds, ismultipletouchenabled,
//     translatesautoresizingmaskintoconstraints, overrideuserinterfacestyle, the layout anchors
//   uilabel (text, font, textcolor, textalignment, numberoflines, adjustsfontsizetofitwidth)
//   uicontrol/isenabled, ✓ uicontrol/addaction(_:for:), uicontrol/event, uicontrol/state
//   ✓ uibutton/init(type:), ✓ uibutton/buttontype-swift.enum (only the cases used here),
//     uibutton/settitle(_:for:), uibutton/titlelabel
//   uiswitch/ison; uiaction/init(title:image:identifier:discoverabilitytitle:attributes:state:handler:);
//     ✓ uiactionhandler (`typealias UIActionHandler = (UIAction) -> Void`: no actor; a closure
//     written in a main-actor method is main-actor isolated in Swift 6 all the same, and the
//     shell also says MainActor.assumeIsolated inside each handler)
//   uistackview (axis, spacing, distribution, alignment, addarrangedsubview(_:), arrangedsubviews)
//   uiscrollview (contentlayoutguide, framelayoutguide, showshorizontalscrollindicator,
//     setcontentoffset(_:animated:)); uilayoutguide (its anchors)
//   nslayoutconstraint (@MainActor class; ✓ activate(_:), priority, constant), nslayoutanchor,
//     nslayoutxaxisanchor, nslayoutyaxisanchor, nslayoutdimension (constraint(equalTo:),
//     constraint(equalTo:constant:), constraint(equalToConstant:), constraint(greaterThanOrEqualToConstant:)),
//     uilayoutpriority/defaulthigh
//   uicolor (systembackground, secondarysystembackground, secondarylabel), uifont/systemfont(ofsize:weight:),
//     uifont/weight, nstextalignment, uiuserinterfacestyle, uiedgeinsets
//   accessibility (declared on NSObject in the SDK as the UIAccessibility informal protocol; here on
//     UIView, the only place the shell uses it): isaccessibilityelement, accessibilitylabel,
//     accessibilitylanguage, accessibilitytraits, uiaccessibilitytraits/keyboardkey, …/notenabled
//   QuartzCore's calayer/cornerradius
//
// What Swift on Linux cannot say, and how it is stood in for:
// - Objective-C `optional` protocol requirements (UITextInputTraits, UIInputViewAudioFeedback):
//   read through a protocol value, an optional requirement of type T is a T?; the stand-in
//   declares the UITextInputTraits ones as `{ get }` of type T?, so the shell must unwrap them as
//   it must on device. The one the shell implements (enableInputClicksWhenVisible) is required here.
// - Imported Objective-C enums are open: the stand-in is compiled with library evolution, so a
//   switch over one needs `@unknown default`, as with the SDK.
// - Initialisers with many defaulted parameters keep the ones the shell passes, with the rest
//   left out (each such place says so).
@_exported import Foundation

// MARK: Values

public struct UIEdgeInsets: Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

public enum NSTextAlignment: Int, Sendable {
    case left, center, right, justified, natural
}

public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress
    case decimalPad, twitter, webSearch, asciiCapableNumberPad
}

public enum UIReturnKeyType: Int, Sendable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

public enum UIKeyboardAppearance: Int, Sendable {
    case `default`, dark, light
}

public struct UILayoutPriority: RawRepresentable, Sendable {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public static let required = UILayoutPriority(rawValue: 1000)
    public static let defaultHigh = UILayoutPriority(rawValue: 750)
}

public struct UIAccessibilityTraits: OptionSet, Sendable {
    public var rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 16)
}

public class UIColor: @unchecked Sendable {
    init() {}
    open class var systemBackground: UIColor { UIColor() }
    open class var secondarySystemBackground: UIColor { UIColor() }
    open class var secondaryLabel: UIColor { UIColor() }
}

public class UIFont: @unchecked Sendable {
    init() {}
    public struct Weight: Hashable, Sendable {
        public var rawValue: CGFloat
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let regular = Weight(0)
        public static let bold = Weight(0.4)
    }
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont { UIFont() }
}

open class CALayer {
    public init() {}
    open var cornerRadius: CGFloat = 0
}

// MARK: Responders, views and controllers

@MainActor
open class UIEvent {}

/// Hashable by identity, as the SDK's NSObject subclasses are (touches come in a `Set<UITouch>`).
@MainActor
open class UITouch: Hashable {
    open func location(in view: UIView?) -> CGPoint { .zero }
    nonisolated public static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

@MainActor
open class UIResponder {
    public init() {}
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

@MainActor
open class NSLayoutAnchor<AnchorType: AnyObject> {
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint()
    }
}

@MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
@MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

@MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
}

@MainActor
open class NSLayoutConstraint {
    public init() {}
    open var priority = UILayoutPriority.required
    open var constant: CGFloat = 0
    open class func activate(_ constraints: [NSLayoutConstraint]) {}
    public enum Axis: Int, Sendable {
        case horizontal, vertical
    }
}

@MainActor
open class UILayoutGuide {
    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var widthAnchor: NSLayoutDimension { NSLayoutDimension() }
    open var heightAnchor: NSLayoutDimension { NSLayoutDimension() }
}

@MainActor
open class UIView: UIResponder {
    public init(frame: CGRect) {}
    public required init?(coder: NSCoder) {}
    public convenience override init() { self.init(frame: .zero) }
    open func addSubview(_ view: UIView) {}
    open var subviews: [UIView] { [] }
    open func removeFromSuperview() {}
    open var bounds: CGRect = .zero
    open var safeAreaInsets: UIEdgeInsets { UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0) }
    open var isHidden = false
    open var alpha: CGFloat = 1
    open var backgroundColor: UIColor?
    open var layer: CALayer { CALayer() }
    open var clipsToBounds = false
    open var isMultipleTouchEnabled = false
    open var translatesAutoresizingMaskIntoConstraints = true
    open var overrideUserInterfaceStyle = UIUserInterfaceStyle.unspecified
    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var widthAnchor: NSLayoutDimension { NSLayoutDimension() }
    open var heightAnchor: NSLayoutDimension { NSLayoutDimension() }
    // The UIAccessibility informal protocol (NSObject in the SDK).
    open var isAccessibilityElement = false
    open var accessibilityLabel: String?
    open var accessibilityLanguage: String?
    open var accessibilityTraits = UIAccessibilityTraits()
}

@MainActor
open class UILabel: UIView {
    open var text: String?
    open var font: UIFont!
    open var textColor: UIColor!
    open var textAlignment = NSTextAlignment.natural
    open var numberOfLines = 1
    open var adjustsFontSizeToFitWidth = false
}

@MainActor
open class UIStackView: UIView {
    public enum Distribution: Int, Sendable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }
    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
    }
    open var axis = NSLayoutConstraint.Axis.horizontal
    open var spacing: CGFloat = 0
    open var distribution = Distribution.fill
    open var alignment = Alignment.fill
    open var arrangedSubviews: [UIView] { [] }
    open func addArrangedSubview(_ view: UIView) {}
}

@MainActor
open class UIScrollView: UIView {
    open var contentLayoutGuide: UILayoutGuide { UILayoutGuide() }
    open var frameLayoutGuide: UILayoutGuide { UILayoutGuide() }
    open var showsHorizontalScrollIndicator = true
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {}
}

/// `typealias UIActionHandler = (UIAction) -> Void`, as documented: no actor.
public typealias UIActionHandler = (UIAction) -> Void

@MainActor
open class UIAction {
    /// The documented initialiser is `init(title:image:identifier:discoverabilityTitle:attributes:state:handler:)`,
    /// every parameter before the handler defaulted; the shell passes only the handler.
    public init(title: String = "", handler: @escaping UIActionHandler) {}
}

@MainActor
open class UIControl: UIView {
    public struct Event: OptionSet, Sendable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let valueChanged = Event(rawValue: 1 << 12)
    }
    public struct State: OptionSet, Sendable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
    }
    open var isEnabled = true
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

@MainActor
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable {
        case custom, system
    }
    public convenience init(type buttonType: UIButton.ButtonType) { self.init(frame: .zero) }
    open func setTitle(_ title: String?, for state: UIControl.State) {}
    open var titleLabel: UILabel? { nil }
}

@MainActor
open class UISwitch: UIControl {
    open var isOn = false
}

@MainActor
open class UIInputView: UIView {
    public enum Style: Int, Sendable {
        case `default`, keyboard
    }
    public init(frame: CGRect, inputViewStyle: UIInputView.Style) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}

@MainActor
public protocol UIInputViewAudioFeedback: AnyObject {
    /// `optional var enableInputClicksWhenVisible: Bool { get }` in the SDK; required here.
    var enableInputClicksWhenVisible: Bool { get }
}

@MainActor
open class UIDevice {
    open class var current: UIDevice { UIDevice() }
    open func playInputClick() {}
}

@MainActor
open class UIFeedbackGenerator {
    public init() {}
    open func prepare() {}
}

@MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable {
        case light, medium, heavy, soft, rigid
    }
    public init(style: UIImpactFeedbackGenerator.FeedbackStyle) {}
    @available(iOS 17.5, *)
    public convenience init(style: UIImpactFeedbackGenerator.FeedbackStyle, view: UIView) { self.init(style: style) }
    open func impactOccurred() {}
}

// MARK: Text input

@MainActor
public protocol UITextInputTraits: AnyObject {
    // `optional var … { get set }` in the SDK: read through a protocol value each is a T?.
    var keyboardType: UIKeyboardType? { get }
    var returnKeyType: UIReturnKeyType? { get }
    var enablesReturnKeyAutomatically: Bool? { get }
    var keyboardAppearance: UIKeyboardAppearance? { get }
    var isSecureTextEntry: Bool? { get }
}

@MainActor
public protocol UIKeyInput: UITextInputTraits {
    var hasText: Bool { get }
    func insertText(_ text: String)
    func deleteBackward()
}

@MainActor
public protocol UITextInput: UIKeyInput {}

@MainActor
public protocol UITextDocumentProxy: UIKeyInput {
    var documentContextBeforeInput: String? { get }
    var documentContextAfterInput: String? { get }
    var documentIdentifier: UUID { get }
    func adjustTextPosition(byCharacterOffset offset: Int)
    func setMarkedText(_ markedText: String, selectedRange: NSRange)
    func unmarkText()
}

@MainActor
open class UIViewController: UIResponder {
    open var view: UIView!
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidLayoutSubviews() {}
}

@MainActor
open class UIInputViewController: UIViewController {
    open var inputView: UIInputView?
    open var textDocumentProxy: UITextDocumentProxy { fatalError("stand-in: never run") }
    open var hasFullAccess: Bool { false }
    open var needsInputModeSwitchKey: Bool { false }
    open func handleInputModeList(from view: UIView, with event: UIEvent) {}
    open func textDidChange(_ textInput: UITextInput?) {}
    open func selectionDidChange(_ textInput: UITextInput?) {}
}
