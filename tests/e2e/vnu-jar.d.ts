// The vnu-jar package (the W3C Nu HTML checker) has no types: its export is the path of vnu.jar, as a String object.
declare module "vnu-jar" {
  const vnuJar: string;
  export default vnuJar;
}
